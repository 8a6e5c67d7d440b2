// What the verifiers (verify.ts, verify-records.ts) report: one break of the chain or of
// a record against its entry.
export interface LedgerBreak {
  seq: number;
  kind:
    | 'gap'
    | 'link'
    | 'hash'
    | 'field'
    | 'order'
    | 'signature'
    | 'truncated'
    | 'head'
    | 'closure'
    | 'missing'
    | 'record'
    | 'anchor';
  reason: string;
  /** the business record concerned: « Facture FA00002 », « Paiement n° 12 », « Ticket … » */
  record?: string;
}
