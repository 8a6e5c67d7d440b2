// The V1 export's lines read into what the import creates (docs/import-v1.md). This
// part checks each line on its own — type, external id, required columns, dates,
// numbers; what needs the database (place type, country, free place, activity
// periods…) is checked when the line is written (run.ts), through the product's own
// validation.

export const COLUMNS = [
  'type',
  'id_externe',
  'nom',
  'prenom',
  'email',
  'telephone',
  'adresse',
  'code_postal',
  'ville',
  'pays',
  'code',
  'libelle',
  'type_emplacement',
  'capacite',
  'client',
  'emplacement',
  'date_debut',
  'date_fin',
  'adultes',
  'enfants',
  'montant',
] as const;
export type Column = (typeof COLUMNS)[number];

export type Kind = 'customer' | 'place' | 'stay';
const TYPES: Record<string, Kind> = { client: 'customer', emplacement: 'place', sejour: 'stay', séjour: 'stay' };
export const KIND_FR: Record<Kind, string> = { customer: 'client', place: 'emplacement', stay: 'séjour' };

export interface ImportLine {
  line: number;
  kind: Kind;
  externalId: string;
  v: Partial<Record<Column, string>>;
}

export interface Refusal {
  line: number;
  message: string;
}

/** JJ/MM/AAAA or AAAA-MM-JJ → AAAA-MM-JJ, null when not a real date. */
export function parseDate(s: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = s.includes('/') ? [m[3], m[2], m[1]] : [m[1], m[2], m[3]];
  const iso = `${y}-${mo}-${d}`;
  const t = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === iso ? iso : null;
}

/** « 1 234,50 » or « 1234.5 » euros → cents; null when not an amount. */
export function parseEuros(s: string): number | null {
  const t = s.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

const REQUIRED: Record<Kind, Column[]> = {
  customer: ['nom'],
  place: ['code', 'type_emplacement'],
  stay: ['client', 'emplacement', 'date_debut', 'date_fin', 'adultes'],
};

/** The header's columns by position; throws the French reason when it cannot be read. */
export function readHeader(fields: string[]): (Column | null)[] {
  const cols = fields.map((f) => {
    const name = f.trim().toLowerCase().replace(/\s+/g, '_');
    return (COLUMNS as readonly string[]).includes(name) ? (name as Column) : null;
  });
  for (const c of ['type', 'id_externe'] as const)
    if (!cols.includes(c)) throw new Error(`la ligne d'en-tête doit nommer la colonne « ${c} »`);
  return cols;
}

/** One line checked on its own: the line, or why it is refused. */
export function readLine(header: (Column | null)[], line: number, fields: string[]): ImportLine | Refusal {
  const v: Partial<Record<Column, string>> = {};
  header.forEach((c, i) => {
    const value = (fields[i] ?? '').trim();
    if (c && value !== '') v[c] = value;
  });
  const kind = TYPES[(v.type ?? '').toLowerCase()];
  if (!kind) return { line, message: `type « ${v.type ?? ''} » inconnu (client, emplacement ou sejour)` };
  const externalId = v.id_externe ?? '';
  if (!externalId) return { line, message: 'identifiant externe (id_externe) manquant' };
  if (externalId.length > 60) return { line, message: 'identifiant externe trop long (60 caractères au plus)' };
  const missing = REQUIRED[kind].filter((c) => !v[c]);
  if (missing.length)
    return {
      line,
      message:
        `${missing.length > 1 ? 'colonnes obligatoires manquantes' : 'colonne obligatoire manquante'} : ` +
        missing.join(', '),
    };
  if (kind === 'place' && v.capacite && !/^\d{1,3}$/.test(v.capacite))
    return { line, message: `capacité « ${v.capacite} » : un nombre entier est attendu` };
  if (kind === 'stay') {
    for (const c of ['date_debut', 'date_fin'] as const)
      if (!parseDate(v[c]!))
        return { line, message: `${c} « ${v[c]} » : date attendue au format JJ/MM/AAAA ou AAAA-MM-JJ` };
    if (parseDate(v.date_fin!)! <= parseDate(v.date_debut!)!)
      return { line, message: 'la date de fin doit être postérieure à la date de début' };
    for (const c of ['adultes', 'enfants'] as const)
      if (v[c] && !/^\d{1,2}$/.test(v[c]!)) return { line, message: `${c} « ${v[c]} » : un nombre entier est attendu` };
    if (Number(v.adultes) < 1) return { line, message: 'un séjour compte au moins un adulte' };
    if (v.montant && parseEuros(v.montant) === null)
      return { line, message: `montant « ${v.montant} » : un montant en euros est attendu (ex. 350,00)` };
  }
  return { line, kind, externalId, v };
}
