// The kinds of stored files and how long each is kept (docs/utilities.md gives the same
// table). Fiscal documents are never purged: the purge skips them here, and the database
// refuses deleting or changing them (trigger of migration 0500). Till tickets, Z and
// period closures, the FEC and the accounting exports are not stored as files: they are
// printed on demand from the fiscal tables, which their own triggers protect.

export type FileKind = 'bill' | 'archive' | 'mail' | 'place-image' | 'other';

export interface KindRule {
  kind: FileKind;
  label: string;
  /** where the file lives */
  store: 'database' | 'DATA_DIR';
  fiscal: boolean;
  /** days after which an unneeded file may be purged; null: never */
  retentionDays: number | null;
  /** the rule in French, as the screens show it */
  retention: string;
}

export const KIND_RULES: Record<FileKind, KindRule> = {
  bill: {
    kind: 'bill',
    label: 'Facture ou avoir (original, duplicata)',
    store: 'database',
    fiscal: true,
    retentionDays: null,
    retention: 'Document fiscal : jamais purgé (10 ans au moins, art. L123-22 du Code de commerce)',
  },
  archive: {
    kind: 'archive',
    label: 'Archive fiscale annuelle',
    store: 'DATA_DIR',
    fiscal: true,
    retentionDays: null,
    retention: 'Document fiscal : jamais purgé (archivage NF525)',
  },
  mail: {
    kind: 'mail',
    label: "Pièce jointe d'e-mail",
    store: 'database',
    fiscal: false,
    retentionDays: 365,
    retention: "1 an après l'envoi (l'original d'une facture reste dans les factures)",
  },
  'place-image': {
    kind: 'place-image',
    label: "Image d'emplacement",
    store: 'database',
    fiscal: false,
    retentionDays: 7,
    retention: "Conservée tant que l'emplacement la montre ; non rattachée : 7 jours",
  },
  other: {
    kind: 'other',
    label: 'Autre fichier',
    store: 'database',
    fiscal: false,
    retentionDays: 30,
    retention: 'Non rattaché : 30 jours',
  },
};

/** The kind of a stored_file reference. */
export function kindOf(ref: string): FileKind {
  if (ref.startsWith('bills/')) return 'bill';
  if (/^mail\/\d+\//.test(ref)) return 'mail';
  if (/^place-\d+\//.test(ref)) return 'place-image';
  return 'other';
}

export const isFiscalRef = (ref: string): boolean => KIND_RULES[kindOf(ref)].fiscal;
