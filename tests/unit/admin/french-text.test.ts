import { describe, expect, it } from 'vitest';
import { doubledWords, englishWords } from './french-text';

describe('englishWords', () => {
  it('finds library English as whole words', () => {
    expect(englishWords('Rows per page: 10, 1–10 of 42')).toEqual(['Rows per page', 'of']);
    expect(englishWords('Open')).toEqual(['Open']);
  });
  it('leaves French alone, even when an English word hides inside it', () => {
    expect(
      englishWords(
        'Ouvrir, Fermer, Annuler le séjour, Options, Export CSV, Showroom, Page 2 sur 3, Offre « Close-up »',
      ),
    ).toEqual([]);
    expect(englishWords('Lignes par page : 1–10 sur 42')).toEqual([]);
  });
});

describe('doubledWords', () => {
  it('finds a word repeated apart or glued', () => {
    expect(doubledWords('Prix prix unitaire')).toEqual(['Prix prix']);
    expect(doubledWords('ÉtablissementÉtablissement')).toEqual(['ÉtablissementÉtablissement']);
  });
  it('leaves correct French and separate lines alone', () => {
    expect(doubledWords('Nous nous en occupons. Vous vous inscrivez.')).toEqual([]);
    expect(doubledWords('Prix\nprix unitaire')).toEqual([]);
    expect(doubledWords('EAU\tEau\tCompteur')).toEqual([]);
    expect(doubledWords('2 2 personnes, le plan de la la')).toEqual(['la la']);
    expect(doubledWords('Bonbon, Chichi, Tamtam')).toEqual([]);
  });
});
