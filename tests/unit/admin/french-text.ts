// Detectors for UI text that does not read as French: English UI words left by a
// library (react-admin, MUI) or a forgotten label, and a word printed twice.

/**
 * English UI words as libraries print them; matched as whole words, case-sensitive.
 * Words French shares (« Export », « Page », « Actions ») are left out.
 */
export const ENGLISH_UI_WORDS = [
  'Open',
  'Close',
  'Cancel',
  'Save',
  'Delete',
  'Search',
  'Loading',
  'Rows per page',
  'No results',
  'of',
  'Next',
  'Previous',
  'Clear',
  'Show',
  'Edit',
  'Create',
  'Refresh',
  'Submit',
  'Confirm',
  'Go to page',
  'next page',
  'previous page',
  'Remove',
  'Add filter',
  'Undo',
  'Back',
  'Select all',
  'Sort',
  'Hide',
  'Choose',
  'Yes',
  'No',
  'Today',
  'Required',
  'Home',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ENGLISH = new RegExp(
  `(?<![\\p{L}\\p{N}_-])(${ENGLISH_UI_WORDS.map(escape).join('|')})(?![\\p{L}\\p{N}_-])`,
  'gu',
);

/** The English UI words found in a text. */
export function englishWords(text: string): string[] {
  return [...text.matchAll(ENGLISH)].map((m) => m[1]);
}

/** Doubles that are correct French (« nous nous levons », « vous vous »). */
const ALLOWED_DOUBLES = new Set(['nous', 'vous']);

/**
 * Words printed twice: « Prix prix unitaire » (apart, any case) and
 * « ÉtablissementÉtablissement » (glued, two elements without a space). One-letter
 * words and digits are ignored.
 */
export function doubledWords(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    // the second word in a lookahead, so that « de la la » finds « la la »; a tab is a
    // table's column break (a code and a label may well be the same word)
    for (const m of line.matchAll(/(?<![\p{L}\p{N}])(\p{L}{2,})(?=([ \u00a0]+)(\p{L}{2,})(?![\p{L}\p{N}]))/gu)) {
      if (m[1].toLowerCase() === m[3].toLowerCase() && !ALLOWED_DOUBLES.has(m[1].toLowerCase()))
        found.push(`${m[1]}${m[2]}${m[3]}`);
    }
    for (const m of line.matchAll(/(?<![\p{L}])(\p{Lu}\p{Ll}{2,})\1(?![\p{Ll}])/gu)) found.push(m[0]);
  }
  return found;
}
