// French labels: Intl 'fr-FR' with timeZone UTC (date-only values are UTC midnights).
import { MS_PER_DAY } from './dates';
import type { BoardMessages } from './types';

const fmt = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', ...o });
const monthYearFmt = fmt({ month: 'long', year: 'numeric' });
const monthShortFmt = fmt({ month: 'short' });
const weekdayShortFmt = fmt({ weekday: 'short' });
const longFmt = fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const numericFmt = fmt({ day: '2-digit', month: '2-digit', year: 'numeric' });

const cache = new Map<string, string>();
function cached(kind: string, day: number, make: () => string): string {
  const k = kind + day;
  let v = cache.get(k);
  if (v === undefined) {
    v = make();
    if (cache.size > 20_000) cache.clear();
    cache.set(k, v);
  }
  return v;
}
const dateOf = (day: number) => new Date(day * MS_PER_DAY);
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 'Juillet 2026' */
export const monthYearLabel = (day: number) => cached('my', day, () => capitalize(monthYearFmt.format(dateOf(day))));
/** 'juil.' */
export const monthShortLabel = (day: number) => cached('ms', day, () => monthShortFmt.format(dateOf(day)));
/** 'lun' (without the abbreviation dot, it is narrow enough for a 36 px column) */
export const weekdayShortLabel = (day: number) =>
  cached('ws', day, () => weekdayShortFmt.format(dateOf(day)).replace('.', ''));
/** 'lundi 13 juillet 2026' */
export const longDateLabel = (day: number) => cached('ld', day, () => longFmt.format(dateOf(day)));
/** '13/07/2026' */
export const numericDateLabel = (day: number) => cached('nd', day, () => numericFmt.format(dateOf(day)));

const intFmt = new Intl.NumberFormat('fr-FR');
export const formatInt = (n: number) => intFmt.format(n);

export const DEFAULT_MESSAGES: BoardMessages = {
  gridLabel: 'Planning',
  rowsHeader: 'Emplacements',
  months: 'Mois',
  periods: 'Périodes tarifaires',
  days: 'Jours',
  freePlaces: 'Places libres',
  today: "Aujourd'hui",
  moveRefused: 'Déplacement refusé.',
  moveFailed: 'Le déplacement a échoué. Une erreur est survenue.',
  nothingToUndo: 'Rien à annuler.',
  nothingToRedo: 'Rien à rétablir.',
  undone: 'Déplacement annulé.',
  free: 'libre',
  nights: (n) => (n > 1 ? `${n} nuits` : `${n} nuit`),
  range: (from, to) => `du ${from} au ${to}`,
  status: 'Statut',
  payment: 'Paiement',
  close: 'Fermer',
  expand: 'Déplier',
  collapse: 'Replier',
  weekShort: (n) => `S${n}`,
  empty: 'Aucune ligne à afficher.',
};
