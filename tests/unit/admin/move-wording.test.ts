import { describe, expect, it } from 'vitest';
import { moveWording } from '../../../custom-screens/planning/MoveDialog';

const span = (startDate: string, endDate: string) => ({ startDate, endDate });

describe('the planning change dialog says what the change does', () => {
  it('a move to another place is « Déplacer »', () => {
    expect(
      moveWording({
        fromPlaceCode: 'A1',
        toPlaceCode: 'A2',
        from: span('2027-07-10', '2027-07-17'),
        to: span('2027-07-10', '2027-07-17'),
      }),
    ).toEqual({ title: 'Déplacer le séjour', button: 'Déplacer le séjour' });
  });
  it('a resize on the same place changes the length, not the place', () => {
    expect(
      moveWording({
        fromPlaceCode: 'A1',
        toPlaceCode: 'A1',
        from: span('2027-07-10', '2027-07-17'),
        to: span('2027-07-10', '2027-07-19'),
      }),
    ).toEqual({ title: 'Modifier la durée du séjour', button: 'Modifier la durée' });
  });
  it('a shift on the same place keeps the length', () => {
    expect(
      moveWording({
        fromPlaceCode: 'A1',
        toPlaceCode: 'A1',
        from: span('2027-07-10', '2027-07-17'),
        to: span('2027-07-12', '2027-07-19'),
      }).title,
    ).toBe('Décaler les dates du séjour');
  });
  it('both at once says both', () => {
    expect(
      moveWording({
        fromPlaceCode: 'A1',
        toPlaceCode: 'B1',
        from: span('2027-07-10', '2027-07-17'),
        to: span('2027-07-12', '2027-07-19'),
      }).title,
    ).toBe('Déplacer le séjour et changer ses dates');
  });
});
