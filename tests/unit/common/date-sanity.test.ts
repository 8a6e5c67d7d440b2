// Business dates between 2000 and five years ahead, birth dates in the past
// (common/date-sanity.ts): the entity write path's check and the domain bodies' walk.
import { describe, expect, it } from 'vitest';
import { bodyDateErrors, changedDateErrors } from '../../../common/date-sanity';

const today = '2026-11-24';
const window = 'Date incorrecte : l’année doit être comprise entre 2000 et 2031';

describe('changedDateErrors (generic write path)', () => {
  const fields = [
    { name: 'startDate', kind: 'date' },
    { name: 'openedAt', kind: 'datetime' },
    { name: 'birthDate', kind: 'date' },
    { name: 'createdAt', kind: 'datetime', system: true },
    { name: 'label', kind: 'string' },
  ];
  it('refuses a business date or date-time out of the window that the write sets or changes', () => {
    expect(
      changedDateErrors(
        fields,
        { startDate: '1999-12-31', openedAt: '2032-01-01T10:00:00.000Z', label: '1990-01-01' },
        null,
        today,
      ),
    ).toEqual({ startDate: window, openedAt: window });
    expect(
      changedDateErrors(fields, { startDate: '2000-01-01', openedAt: '2031-12-31T23:00:00.000Z' }, null, today),
    ).toEqual({});
  });
  it('leaves a date the record already holds, birth dates and system fields alone', () => {
    expect(changedDateErrors(fields, { startDate: '1995-05-01' }, { startDate: '1995-05-01' }, today)).toEqual({});
    expect(changedDateErrors(fields, { startDate: '1996-05-01' }, { startDate: '1995-05-01' }, today)).toEqual({
      startDate: window,
    });
    expect(
      changedDateErrors(fields, { birthDate: '1950-01-01', createdAt: '1990-01-01T00:00:00Z' }, null, today),
    ).toEqual({});
  });
});

describe('bodyDateErrors (domain routes)', () => {
  it('finds every date of a body by its path, birth dates by their own rule', () => {
    const body = {
      kind: 'booking',
      notes: 'arrivée le 1999-01-01',
      from: { startDate: '2026-07-01' },
      occupancies: [
        {
          startDate: '2040-07-01',
          endDate: '2040-07-05',
          attendants: [{ birthDate: '1950-03-02' }, { birthDate: '2027-01-01' }],
        },
      ],
    };
    expect(bodyDateErrors(body, today)).toEqual({
      'occupancies.0.startDate': window,
      'occupancies.0.endDate': window,
      'occupancies.0.attendants.1.birthDate': 'La date de naissance ne peut pas être dans le futur',
    });
    expect(bodyDateErrors({ date: '1999-12-31T23:00:00Z', n: 1999, list: ['2001-01-01'] }, today)).toEqual({
      date: window,
    });
    expect(bodyDateErrors(null, today)).toEqual({});
  });
});
