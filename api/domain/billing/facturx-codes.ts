// The EN 16931 codes and amounts of a Factur-X (facturx.ts): amounts as decimal
// strings, VAT categories, the parties' electronic addresses, the notes and the billing
// framework the French reform asks for.
import type { CustomerSnapshot } from './parties';
import { sirenOfVat } from './siren';
import type { LineInput } from './lines';
import type { PrintedBill } from './records';

export const FACTURX_FORMAT = 'Factur-X-EN16931';
export const EUR = 'EUR';
/** Débours: the tourist tax is collected for the commune (CGI art. 267 II 2°, directive art. 79 c). */
const OUTSIDE_VAT = {
  code: 'VATEX-EU-79-C',
  reason: 'Taxe de séjour et débours perçus au nom et pour le compte de tiers, hors champ de la TVA',
};

/** Only business customers with a VAT number get a Factur-X (the reform's B2B scope). */
export function wantsFacturX(snapshot: object | null | undefined): boolean {
  const customer = snapshot as CustomerSnapshot | null | undefined;
  return !!customer?.isLegalEntity && !!customer.vatNumber?.trim() && customerEndpoint(customer) != null;
}

export const amount = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(cents);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};
/**
 * The net price (never negative in EN 16931, 2 decimals): per unit when the net amount
 * divides by the quantity, else the whole amount for a base quantity of all the units,
 * so quantity × price = the line's net amount exactly.
 */
export const price = (cents: number, quantity: number) => {
  const q = Math.max(1, Math.abs(quantity));
  const a = Math.abs(cents);
  return a % q === 0
    ? { 'cbc:PriceAmount': amount(a / q), 'cbc:PriceAmount@currencyID': EUR }
    : {
        'cbc:PriceAmount': amount(a),
        'cbc:PriceAmount@currencyID': EUR,
        'cbc:BaseQuantity': String(q),
        'cbc:BaseQuantity@unitCode': 'C62',
      };
};
const percent = (bp: number) => (bp / 100).toFixed(2);

export interface Category {
  id: 'S' | 'Z' | 'E';
  percent: string;
  exemption?: typeof OUTSIDE_VAT;
}
export function category(rateBp: number | null): Category {
  if (rateBp == null) return { id: 'E', percent: '0.00', exemption: OUTSIDE_VAT };
  return rateBp === 0 ? { id: 'Z', percent: '0.00' } : { id: 'S', percent: percent(rateBp) };
}
export const taxCategory = (c: Category, breakdown = true) => ({
  'cbc:ID': c.id,
  'cbc:Percent': c.percent,
  ...(c.exemption && breakdown
    ? { 'cbc:TaxExemptionReasonCode': c.exemption.code, 'cbc:TaxExemptionReason': c.exemption.reason }
    : {}),
  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
});

/** The buyer's SIREN: as frozen on the bill, else read from its French VAT number. */
export const customerSiren = (c: CustomerSnapshot) => c.siren ?? sirenOfVat(c.vatNumber);

export function customerEndpoint(c: CustomerSnapshot): Record<string, string> | null {
  const siren = customerSiren(c);
  if (siren) return { 'cbc:EndpointID': siren, 'cbc:EndpointID@schemeID': '0002' };
  const vat = c.vatNumber!.replace(/\s/g, '').toUpperCase();
  const scheme = VAT_SCHEMES[vat.slice(0, 2)];
  if (scheme) return { 'cbc:EndpointID': vat, 'cbc:EndpointID@schemeID': scheme };
  if (c.email) return { 'cbc:EndpointID': c.email, 'cbc:EndpointID@schemeID': 'EM' };
  return null;
}

/** EAS schemes of the VAT numbers of the countries our guests mostly come from. */
const VAT_SCHEMES: Record<string, string> = {
  FR: '9957',
  DE: '9930',
  ES: '9920',
  IT: '0211',
  BE: '9925',
  NL: '9944',
  AT: '9914',
  LU: '9938',
  PT: '9946',
  IE: '9935',
};

/**
 * The notes of the document (BG-1), each with its subject code (BT-21): the French reform
 * (BR-FR-05) wants the discount (AAB), late-payment penalties (PMD) and the recovery
 * indemnity (PMT) mentions once each; a credit note's reason is ACD. Written for the
 * library as UBL notes `#CODE#text` (the EN 16931 UBL convention), split into one
 * IncludedNote per note with its SubjectCode by `completeCii`.
 */
export function facturxNotes(bill: Pick<PrintedBill, 'reason'>): { code: string; text: string }[] {
  return [
    ...(bill.reason ? [{ code: 'ACD', text: `Motif : ${bill.reason}` }] : []),
    { code: 'AAB', text: "Pas d'escompte pour paiement anticipé." },
    { code: 'PMD', text: "Pénalités de retard : trois fois le taux d'intérêt légal." },
    { code: 'PMT', text: 'Indemnité forfaitaire pour frais de recouvrement : 40 €.' },
  ];
}

/** Goods sold by the till (line type 16, additional sales) beside the stay's services. */
const GOODS_LINE_TYPES = new Set([16]);
/**
 * The billing framework (BT-23, « cadre de facturation » of the French reform): S1 for
 * services, M1 when the bill also sells goods; S2 / M2 (« facture déjà payée ») for a bill
 * paid in full when issued — a deposit bill made from the payment received — whose paid
 * amount (BT-113) is then its total, nothing left to pay (BT-115) and its due date the day
 * it was paid (BT-9; BR-FR-CO-09). A final bill's deposits are deducted by its lines.
 */
export function billingFramework(
  lines: Pick<LineInput, 'lineType' | 'amountInclVat'>[],
  paidAtIssue = false,
): 'S1' | 'M1' | 'S2' | 'M2' {
  const goods = lines.some((l) => GOODS_LINE_TYPES.has(l.lineType) && l.amountInclVat !== 0);
  return `${goods ? 'M' : 'S'}${paidAtIssue ? '2' : '1'}`;
}

/** What the bill says was paid when it was issued (BT-113), and on which day: only a whole payment counts. */
export function paidAtIssue(
  bill: Pick<PrintedBill, 'kind' | 'prepaidAmount' | 'paidOn' | 'totalInclVat'>,
): { amount: number; on: string } | null {
  const amount = Number(bill.prepaidAmount ?? 0);
  if (bill.kind === 'credit-note' || !bill.paidOn || amount <= 0 || amount !== bill.totalInclVat) return null;
  return { amount, on: bill.paidOn };
}
