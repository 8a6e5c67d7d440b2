// Factur-X (EN 16931 profile) for business customers with a VAT number: the bill's
// pdfmake PDF with its structured data embedded as factur-x.xml (@e-invoice-eu/core,
// which writes the CII XML and the PDF/A-3 attachment). The data is mapped from the
// bill as issued (its frozen snapshots), so a Factur-X is as immutable as the bill.
// French identifiers use ISO 6523 scheme 0002 (SIREN).
import { InvoiceService, invoiceSchema, type Invoice } from '@e-invoice-eu/core';
import Ajv2019 from 'ajv/dist/2019';
import type { CustomerSnapshot, SellerSnapshot } from './parties';
import { sirenOfVat } from './siren';
import { rcsMention } from './mentions';

export { sirenOfVat };

type Row = Record<string, any>;

export const FACTURX_FORMAT = 'Factur-X-EN16931';
const EUR = 'EUR';
/** Débours: the tourist tax is collected for the commune (CGI art. 267 II 2°, directive art. 79 c). */
const OUTSIDE_VAT = {
  code: 'VATEX-EU-79-C',
  reason: 'Taxe de séjour et débours perçus au nom et pour le compte de tiers, hors champ de la TVA',
};

/** Only business customers with a VAT number get a Factur-X (the reform's B2B scope). */
export function wantsFacturX(customer: CustomerSnapshot | null | undefined): boolean {
  return !!customer?.isLegalEntity && !!customer.vatNumber?.trim() && customerEndpoint(customer) != null;
}

const amount = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(cents);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};
/**
 * The net price (never negative in EN 16931, 2 decimals): per unit when the net amount
 * divides by the quantity, else the whole amount for a base quantity of all the units,
 * so quantity × price = the line's net amount exactly.
 */
const price = (cents: number, quantity: number) => {
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

interface Category {
  id: 'S' | 'Z' | 'E';
  percent: string;
  exemption?: typeof OUTSIDE_VAT;
}
function category(rateBp: number | null): Category {
  if (rateBp == null) return { id: 'E', percent: '0.00', exemption: OUTSIDE_VAT };
  return rateBp === 0 ? { id: 'Z', percent: '0.00' } : { id: 'S', percent: percent(rateBp) };
}
const taxCategory = (c: Category, breakdown = true) => ({
  'cbc:ID': c.id,
  'cbc:Percent': c.percent,
  ...(c.exemption && breakdown
    ? { 'cbc:TaxExemptionReasonCode': c.exemption.code, 'cbc:TaxExemptionReason': c.exemption.reason }
    : {}),
  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
});

/** The buyer's SIREN: as frozen on the bill, else read from its French VAT number. */
const customerSiren = (c: CustomerSnapshot) => c.siren ?? sirenOfVat(c.vatNumber);

function customerEndpoint(c: CustomerSnapshot): Row | null {
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
export function facturxNotes(bill: Row): { code: string; text: string }[] {
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
export function billingFramework(lines: Row[], paidAtIssue = false): 'S1' | 'M1' | 'S2' | 'M2' {
  const goods = lines.some((l) => GOODS_LINE_TYPES.has(l.lineType) && l.amountInclVat !== 0);
  return `${goods ? 'M' : 'S'}${paidAtIssue ? '2' : '1'}`;
}

/** What the bill says was paid when it was issued (BT-113), and on which day: only a whole payment counts. */
function paidAtIssue(bill: Row): { amount: number; on: string } | null {
  const amount = Number(bill.prepaidAmount ?? 0);
  if (bill.kind === 'credit-note' || !bill.paidOn || amount <= 0 || amount !== bill.totalInclVat) return null;
  return { amount, on: bill.paidOn };
}

/**
 * The bill in the library's internal format (UBL semantics). A credit note is the
 * credit-note document (type 381) with positive amounts and a reference to its invoice;
 * a deposit bill is a prepayment invoice (386); negative lines of a final bill (deducted
 * deposits) keep a positive net price with a negative quantity, as EN 16931 requires.
 */
export function facturxInvoice(bill: Row): Invoice {
  const s = bill.sellerSnapshot as SellerSnapshot;
  const c = bill.customerSnapshot as CustomerSnapshot;
  const credit = bill.kind === 'credit-note';
  const sign = credit ? -1 : 1;
  const lines: Row[] = bill.lines ?? [];
  const sums = new Map<string, { c: Category; base: number; vat: number }>();
  for (const l of lines) {
    const cat = category(l.vatRateBp);
    const k = `${cat.id}:${cat.percent}`;
    const t = sums.get(k) ?? { c: cat, base: 0, vat: 0 };
    t.base += sign * l.amountExclVat;
    t.vat += sign * l.vatAmount;
    sums.set(k, t);
  }
  const lineExtension = lines.reduce((a, l) => a + sign * l.amountExclVat, 0);
  const paid = paidAtIssue(bill);
  const dueDate = credit ? null : (paid?.on ?? bill.dueDate);
  const invoice: Row = {
    'cbc:ProfileID': billingFramework(lines, !!paid),
    'cbc:ID': bill.number,
    'cbc:IssueDate': bill.date,
    ...(dueDate ? { 'cbc:DueDate': dueDate } : {}),
    'cbc:InvoiceTypeCode': credit ? '381' : bill.isDeposit ? '386' : '380',
    'cbc:Note': facturxNotes(bill).map((n) => `#${n.code}#${n.text}`),
    'cbc:DocumentCurrencyCode': EUR,
    'cbc:BuyerReference': bill.bookingId ? `SEJOUR-${bill.bookingId}` : bill.number,
    ...(bill.serviceStartDate
      ? {
          'cac:InvoicePeriod': {
            'cbc:StartDate': bill.serviceStartDate,
            'cbc:EndDate': bill.serviceEndDate ?? bill.serviceStartDate,
          },
        }
      : {}),
    ...(credit && bill.creditedBill
      ? {
          'cac:BillingReference': [
            {
              'cac:InvoiceDocumentReference': {
                'cbc:ID': bill.creditedBill.number,
                'cbc:IssueDate': bill.creditedBill.date,
              },
            },
          ],
        }
      : {}),
    'cac:AccountingSupplierParty': {
      'cac:Party': {
        'cbc:EndpointID': s.siren,
        'cbc:EndpointID@schemeID': '0002',
        'cac:PartyIdentification': [{ 'cbc:ID': s.siret, 'cbc:ID@schemeID': '0009' }],
        'cac:PartyName': { 'cbc:Name': s.name || s.corporateName },
        'cac:PostalAddress': {
          'cbc:StreetName': s.address1,
          ...(s.address2 ? { 'cbc:AdditionalStreetName': s.address2 } : {}),
          'cbc:CityName': s.town,
          'cbc:PostalZone': s.postalCode,
          'cac:Country': { 'cbc:IdentificationCode': 'FR' },
        },
        'cac:PartyTaxScheme': [
          { 'cbc:CompanyID': s.vatNumber.replace(/\s/g, ''), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
        ],
        'cac:PartyLegalEntity': {
          'cbc:RegistrationName': s.corporateName,
          'cbc:CompanyID': s.siren,
          'cbc:CompanyID@schemeID': '0002',
          'cbc:CompanyLegalForm': `${s.legalForm} au capital de ${amount(s.capital)} €, ${rcsMention(s)}`,
        },
        ...(s.email || s.phone
          ? {
              'cac:Contact': {
                ...(s.phone ? { 'cbc:Telephone': s.phone } : {}),
                ...(s.email ? { 'cbc:ElectronicMail': s.email } : {}),
              },
            }
          : {}),
      },
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': {
        ...customerEndpoint(c)!,
        'cac:PostalAddress': {
          'cbc:StreetName': c.address1,
          ...(c.address2 ? { 'cbc:AdditionalStreetName': c.address2 } : {}),
          'cbc:CityName': c.town,
          ...(c.postalCode ? { 'cbc:PostalZone': c.postalCode } : {}),
          'cac:Country': { 'cbc:IdentificationCode': c.countryIso ?? 'FR' },
        },
        'cac:PartyTaxScheme': {
          'cbc:CompanyID': c.vatNumber!.replace(/\s/g, ''),
          'cac:TaxScheme': { 'cbc:ID': 'VAT' },
        },
        'cac:PartyLegalEntity': {
          'cbc:RegistrationName': c.companyName || c.name,
          ...(customerSiren(c) ? { 'cbc:CompanyID': customerSiren(c)!, 'cbc:CompanyID@schemeID': '0002' } : {}),
        },
      },
    },
    ...(bill.paymentTerms ? { 'cac:PaymentTerms': { 'cbc:Note': bill.paymentTerms } } : {}),
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': amount(sign * bill.totalVat),
        'cbc:TaxAmount@currencyID': EUR,
        'cac:TaxSubtotal': [...sums.values()].map((t) => ({
          'cbc:TaxableAmount': amount(t.base),
          'cbc:TaxableAmount@currencyID': EUR,
          'cbc:TaxAmount': amount(t.vat),
          'cbc:TaxAmount@currencyID': EUR,
          'cac:TaxCategory': taxCategory(t.c),
        })),
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': amount(lineExtension),
      'cbc:LineExtensionAmount@currencyID': EUR,
      'cbc:TaxExclusiveAmount': amount(sign * bill.totalExclVat),
      'cbc:TaxExclusiveAmount@currencyID': EUR,
      'cbc:TaxInclusiveAmount': amount(sign * bill.totalInclVat),
      'cbc:TaxInclusiveAmount@currencyID': EUR,
      ...(paid ? { 'cbc:PrepaidAmount': amount(paid.amount), 'cbc:PrepaidAmount@currencyID': EUR } : {}),
      'cbc:PayableAmount': amount(sign * bill.totalInclVat - (paid?.amount ?? 0)),
      'cbc:PayableAmount@currencyID': EUR,
    },
    'cac:InvoiceLine': lines.map((l) => {
      const q = sign * l.quantity;
      const net = sign * l.amountExclVat;
      // The net price is positive: a negative amount is carried by the quantity.
      const qty = net < 0 ? -Math.abs(q || 1) : Math.abs(q || 1);
      return {
        'cbc:ID': String(l.position),
        'cbc:InvoicedQuantity': String(qty),
        'cbc:InvoicedQuantity@unitCode': 'C62',
        'cbc:LineExtensionAmount': amount(net),
        'cbc:LineExtensionAmount@currencyID': EUR,
        ...(l.startDate
          ? { 'cac:InvoicePeriod': { 'cbc:StartDate': l.startDate, 'cbc:EndDate': l.endDate ?? l.startDate } }
          : {}),
        'cac:Item': {
          'cbc:Name': String(l.label).slice(0, 200),
          'cac:ClassifiedTaxCategory': taxCategory(category(l.vatRateBp), false),
        },
        'cac:Price': price(net, qty),
      };
    }),
  };
  return { 'ubl:Invoice': invoice } as unknown as Invoice;
}

/**
 * The library's EN 16931 checks of the data (its JSON schema, patched by the Factur-X
 * EN 16931 format as `generate` does): the list of errors, empty when valid.
 */
let validator: ReturnType<Ajv2019['compile']> | undefined;
export function facturxErrors(invoice: Invoice): string[] {
  if (!validator) {
    const schema = structuredClone(invoiceSchema) as Row;
    for (const party of ['cac:AccountingCustomerParty', 'cac:AccountingSupplierParty'])
      schema.properties['ubl:Invoice'].properties[party].properties['cac:Party'].required.push('cbc:EndpointID');
    validator = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
  }
  const validate = validator;
  return validate(structuredClone(invoice)) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const quiet = { log() {}, warn() {}, error() {} } as any;

type Cii = Record<string, any>;
/** `obj` with `key: value` placed right after `after` (CII elements are ordered). */
function insertAfter(obj: Cii, after: string, key: string, value: unknown): Cii {
  const out: Cii = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k !== key) out[k] = v;
    if (k === after) out[key] = value;
  }
  if (!(key in out)) out[key] = value;
  return out;
}
const yyyymmdd = (d: string) => d.replace(/-/g, '');

/**
 * What @e-invoice-eu/core 2.3.4 writes wrong in the CII XML, put right on its data just
 * before it is rendered (the library is used as published):
 * - `ApplicableHeaderTradeDelivery` is mandatory between the agreement and the settlement
 *   (CII D16B and Factur-X XSDs) but written only for a `cac:Delivery`: an empty one is
 *   inserted (fixed upstream in e-invoice-eu PR #347, not released; kept when present);
 * - the notes: one `Content` per `IncludedNote` (Factur-X FX-SCH-A-000160), with its
 *   subject code taken from the `#CODE#` prefix;
 * - the preceding invoice of a credit note (BT-25, BT-26): the library reads it from the
 *   wrong path and would date it in the `udt` namespace; written as
 *   `InvoiceReferencedDocument` after the monetary summation, its date as `qdt:DateTimeString`.
 */
export function completeCii(cii: Cii, invoice: Invoice): Cii {
  const root = cii['rsm:CrossIndustryInvoice'];
  const data = (invoice as Row)['ubl:Invoice'];
  const doc = root['rsm:ExchangedDocument'];
  const notes: string[] = data['cbc:Note'] ?? [];
  if (notes.length)
    doc['ram:IncludedNote'] = notes.map((n) => {
      const m = /^#([A-Z]{3})#([\s\S]*)$/.exec(n);
      return m ? { 'ram:Content': m[2], 'ram:SubjectCode': m[1] } : { 'ram:Content': n };
    });
  let tx = root['rsm:SupplyChainTradeTransaction'];
  if (!tx['ram:ApplicableHeaderTradeDelivery'])
    tx = insertAfter(tx, 'ram:ApplicableHeaderTradeAgreement', 'ram:ApplicableHeaderTradeDelivery', {});
  const preceding = (data['cac:BillingReference'] ?? []).map((r: Row) => r['cac:InvoiceDocumentReference']);
  if (preceding.length) {
    const settlement = { ...tx['ram:ApplicableHeaderTradeSettlement'] };
    delete settlement['ram:InvoiceReferencedDocument'];
    tx['ram:ApplicableHeaderTradeSettlement'] = insertAfter(
      settlement,
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      'ram:InvoiceReferencedDocument',
      preceding.map((r: Row) => ({
        'ram:IssuerAssignedID': r['cbc:ID'],
        ...(r['cbc:IssueDate']
          ? {
              'ram:FormattedIssueDateTime': {
                'qdt:DateTimeString': yyyymmdd(r['cbc:IssueDate']),
                'qdt:DateTimeString@format': '102',
              },
            }
          : {}),
      })),
    );
  }
  root['rsm:SupplyChainTradeTransaction'] = tx;
  return cii;
}

/**
 * The library's invoice service whose Factur-X formatter hands its CII data to
 * `completeCii` before rendering it. Fails loudly when a library update moved the hooks.
 */
function facturXService(invoice: Invoice): InvoiceService {
  const service = new InvoiceService(quiet);
  const factory = (service as any).formatFactoryService;
  if (typeof factory?.createFormatService !== 'function') throw new Error('@e-invoice-eu/core: no format factory');
  const create = factory.createFormatService.bind(factory);
  factory.createFormatService = (format: string, logger: unknown) => {
    const formatter = create(format, logger);
    if (typeof formatter.renderXML !== 'function') throw new Error('@e-invoice-eu/core: no renderXML');
    const render = formatter.renderXML.bind(formatter);
    formatter.renderXML = (data: Cii) => render(completeCii(data, invoice));
    return formatter;
  };
  return service;
}

/** The Factur-X PDF: `pdf` (the bill as rendered) with the bill's EN 16931 XML embedded. */
export async function toFacturX(pdf: Buffer, bill: Row): Promise<Buffer> {
  const invoice = facturxInvoice(bill);
  const out = await facturXService(invoice).generate(invoice, {
    format: FACTURX_FORMAT,
    lang: 'fr-fr',
    noWarnings: true,
    pdf: { buffer: new Uint8Array(pdf), filename: `${bill.number}.pdf`, mimetype: 'application/pdf' },
  });
  return Buffer.from(out as Uint8Array);
}
