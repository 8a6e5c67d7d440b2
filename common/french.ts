// French grammar for texts built from data: counts (0 and 1 take the singular, as
// polyglot's `smart_count` does for 'fr'), a label's plural, and definite articles
// with gender and elision (« le séjour », « la remise », « l'exercice »).

/** Polyglot's French rule: the plural from 2 on. */
export const isPluralFr = (n: number): boolean => Math.abs(n) >= 2;

/** « 1 nuit », « 3 nuits », « 2 animaux » (the plural given when not a plain « s »). */
export function countFr(n: number, one: string, many = pluralWordFr(one)): string {
  return `${n} ${isPluralFr(n) ? many : one}`;
}

/** The plural of one French word (regular forms: -s/-x/-z stay, -al → -aux, -eau/-eu → -x). */
export function pluralWordFr(word: string): string {
  if (/[sxz]$/i.test(word)) return word;
  if (/(eau|eu)$/i.test(word) && !/^(pneu|bleu)$/i.test(word)) return `${word}x`;
  if (/al$/i.test(word) && !/^(bal|carnaval|festival|récital|régal|chacal)$/i.test(word))
    return `${word.slice(0, -2)}aux`;
  return `${word}s`;
}

/**
 * A data label after a count, its first word in the plural when the count asks for it
 * and lower-cased as a common noun: « 2 adultes », « 1 enfant 3–12 ans ».
 */
export function countLabelFr(n: number, label: string): string {
  const [first, ...rest] = label.trim().split(' ');
  if (isAcronym(first)) return [`${n} ${first}`, ...rest].join(' '); // « 2 VTT »: acronyms do not vary
  const noun = first.charAt(0).toLocaleLowerCase('fr') + first.slice(1);
  const word = isPluralFr(n) && /\p{L}$/u.test(noun) ? pluralWordFr(noun) : noun;
  return [`${n} ${word}`, ...rest].join(' ');
}

const isAcronym = (w: string) => w.length > 1 && w === w.toLocaleUpperCase('fr');

/** Words starting with a mute h (elided); others starting with h are aspirated (« le hamac »). */
const MUTE_H = /^(h[oô]tel|h[ée]bergement|habitation|habitant|heure|histor|hiver|homme|horaire|h[ôo]te|huile|hygi)/i;

/** Whether « le »/« la » elide to « l' » before this word. */
export function elidesFr(word: string, elision?: boolean): boolean {
  if (elision !== undefined) return elision;
  const w = word.trim();
  return /^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(w) || MUTE_H.test(w);
}

/** « le séjour », « la remise », « l'exercice », « l'hébergement »; the noun lower-cased. */
export function definiteFr(label: { one: string; gender: 'm' | 'f'; elision?: boolean }): string {
  const noun = isAcronym(label.one.split(' ')[0])
    ? label.one
    : label.one.charAt(0).toLocaleLowerCase('fr') + label.one.slice(1);
  if (elidesFr(noun, label.elision)) return `l'${noun}`;
  return `${label.gender === 'f' ? 'la' : 'le'} ${noun}`;
}
