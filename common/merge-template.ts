// The merge fields of the document models (subject, body, signature): `{{customer.lastName}}`.
// Deliberately tiny: a name is letters, digits and dots, looked up in a plain data
// object (own properties only, never a prototype); no expressions, loops, helpers or
// unescaped output — a model cannot run code nor inject markup. Values are escaped for
// the output (HTML for bodies, nothing for subjects, which are plain text headers).
// Shared by the API (sending, printing) and the admin (live preview).

export type MergeValue = string | number | null | undefined;
export type MergeData = { [key: string]: MergeValue | MergeData };

const FIELD = /\{\{\s*([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*)\s*\}\}/g;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The value of a dotted name, or undefined (own properties only). */
export function lookup(data: MergeData, name: string): MergeValue {
  let cur: MergeValue | MergeData = data;
  for (const part of name.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, part)) return undefined;
    cur = (cur as MergeData)[part];
  }
  return typeof cur === 'object' && cur !== null ? undefined : cur;
}

/** The template with every `{{name}}` replaced by its value (unknown: empty). */
export function renderTemplate(template: string, data: MergeData, mode: 'html' | 'text'): string {
  return template.replace(FIELD, (_m, name: string) => {
    const v = lookup(data, name);
    const s = v === null || v === undefined ? '' : String(v);
    // Text output (subjects): line breaks would open new mail headers.
    return mode === 'html' ? escapeHtml(s) : s.replace(/[\r\n]+/g, ' ');
  });
}

/** Names used by a template that the data does not know (shown as warnings by the editor). */
export function unknownFields(template: string, known: string[]): string[] {
  const out = new Set<string>();
  for (const m of template.matchAll(FIELD)) if (!known.includes(m[1])) out.add(m[1]);
  return [...out];
}

/** The fields the models may use, with their French labels (the editor's picker). */
export const MERGE_FIELDS: { name: string; label: string }[] = [
  { name: 'customer.civility', label: 'Client : civilité' },
  { name: 'customer.firstName', label: 'Client : prénom' },
  { name: 'customer.lastName', label: 'Client : nom' },
  { name: 'customer.email', label: 'Client : e-mail' },
  { name: 'customer.address', label: 'Client : adresse' },
  { name: 'stay.code', label: 'Séjour : numéro' },
  { name: 'stay.arrival', label: "Séjour : date d'arrivée" },
  { name: 'stay.departure', label: 'Séjour : date de départ' },
  { name: 'stay.nights', label: 'Séjour : nombre de nuits' },
  { name: 'stay.persons', label: 'Séjour : nombre de personnes' },
  { name: 'stay.places', label: 'Séjour : emplacements / locations' },
  { name: 'stay.occupants', label: 'Séjour : occupants' },
  { name: 'stay.validUntil', label: "Séjour : devis ou option valable jusqu'au" },
  { name: 'price.total', label: 'Prix : total du séjour' },
  { name: 'price.downPayment', label: 'Prix : acompte' },
  { name: 'price.downPaymentDueDate', label: "Prix : échéance de l'acompte" },
  { name: 'price.paid', label: 'Prix : déjà payé' },
  { name: 'price.balance', label: 'Prix : reste à payer' },
  { name: 'price.balanceDueDate', label: 'Prix : échéance du solde' },
  { name: 'bill.number', label: 'Facture : numéro' },
  { name: 'bill.date', label: 'Facture : date' },
  { name: 'bill.total', label: 'Facture : montant TTC' },
  { name: 'bill.dueDate', label: "Facture : date d'échéance" },
  { name: 'rent.period', label: 'Quittance : période' },
  { name: 'rent.due', label: 'Quittance : reste dû' },
  { name: 'establishment.name', label: 'Établissement : nom' },
  { name: 'establishment.address', label: 'Établissement : adresse' },
  { name: 'establishment.phone', label: 'Établissement : téléphone' },
  { name: 'establishment.email', label: 'Établissement : e-mail' },
  { name: 'today', label: 'Date du jour' },
];
