import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countFr, countLabelFr, definiteFr, isPluralFr, pluralWordFr } from '../../../common/french';

describe('counts', () => {
  it('0 and 1 take the singular, 2 and more the plural', () => {
    expect(countFr(0, 'nuit')).toBe('0 nuit');
    expect(countFr(1, 'nuit')).toBe('1 nuit');
    expect(countFr(3, 'nuit')).toBe('3 nuits');
    expect(countFr(2, 'animal')).toBe('2 animaux');
    expect(countFr(2, 'œil', 'yeux')).toBe('2 yeux');
    fc.assert(fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => isPluralFr(n) === Math.abs(n) >= 2));
  });
  it('puts a data label after a count in the plural, as a common noun', () => {
    expect(countLabelFr(2, 'Adulte')).toBe('2 adultes');
    expect(countLabelFr(1, 'Enfant 3–12 ans')).toBe('1 enfant 3–12 ans');
    expect(countLabelFr(3, 'Enfant 3–12 ans')).toBe('3 enfants 3–12 ans');
    expect(countLabelFr(2, 'Bébé (moins de 3 ans)')).toBe('2 bébés (moins de 3 ans)');
    expect(countLabelFr(2, 'Animal')).toBe('2 animaux');
    expect(countLabelFr(2, 'Chiens')).toBe('2 chiens');
    expect(countLabelFr(2, 'VTT')).toBe('2 VTT');
  });
  it('keeps the plural of words already ending in s, x or z', () => {
    expect(pluralWordFr('prix')).toBe('prix');
    expect(pluralWordFr('bateau')).toBe('bateaux');
    expect(pluralWordFr('festival')).toBe('festivals');
  });
});

describe('definite articles', () => {
  it('follow the gender and elide before a vowel or a mute h', () => {
    expect(definiteFr({ one: 'Séjour', gender: 'm' })).toBe('le séjour');
    expect(definiteFr({ one: 'Remise', gender: 'f' })).toBe('la remise');
    expect(definiteFr({ one: 'Exercice', gender: 'm' })).toBe("l'exercice");
    expect(definiteFr({ one: 'Équipement', gender: 'm' })).toBe("l'équipement");
    expect(definiteFr({ one: 'Assurance annulation', gender: 'f' })).toBe("l'assurance annulation");
    expect(definiteFr({ one: 'Hébergement', gender: 'm' })).toBe("l'hébergement");
    expect(definiteFr({ one: 'Hamac', gender: 'm' })).toBe('le hamac');
    expect(definiteFr({ one: 'Yourte', gender: 'f', elision: false })).toBe('la yourte');
    expect(definiteFr({ one: 'TVA', gender: 'f' })).toBe('la TVA');
  });
});
