// Factur-X (EN 16931 profile) for business customers with a VAT number: the bill's
// pdfmake PDF with its structured data embedded as factur-x.xml (the CII XML written by
// @e-invoice-eu/core, loaded without its PDF and spreadsheet packages: einvoice-lib.ts;
// the PDF/A-3 attachment by pdfkit as the bill renders: facturx-pdf.ts).
// The data is mapped from the bill as issued (its frozen snapshots), so a Factur-X is as immutable as the bill.
// French identifiers use ISO 6523 scheme 0002 (SIREN).
import { invoiceSchema, type Invoice } from './einvoice-lib';
import Ajv2019 from 'ajv/dist/2019';
import type { CustomerSnapshot, SellerSnapshot } from './parties';
import { rcsMention } from './mentions';
import {
  EUR,
  FACTURX_FORMAT,
  amount,
  billingFramework,
  category,
  type Category,
  customerEndpoint,
  customerSiren,
  facturxNotes,
  paidAtIssue,
  price,
  taxCategory,
} from './facturx-codes';
import { facturXml } from './facturx-cii';
import type { PrintedBill } from './records';

export { sirenOfVat } from './siren';
export { FACTURX_FORMAT, billingFramework, facturxNotes, wantsFacturX } from './facturx-codes';
export { completeCii } from './facturx-cii';
export { embedFacturX, FACTURX_FILE, type PdfKitTarget } from './facturx-pdf';

/**
 * The bill in the library's internal format (UBL semantics). A credit note is the
 * credit-note document (type 381) with positive amounts and a reference to its invoice;
 * a deposit bill is a prepayment invoice (386); negative lines of a final bill (deducted
 * deposits) keep a positive net price with a negative quantity, as EN 16931 requires.
 */
export function facturxInvoice(bill: PrintedBill): Invoice {
  const s = bill.sellerSnapshot as SellerSnapshot;
  const c = bill.customerSnapshot as CustomerSnapshot;
  const credit = bill.kind === 'credit-note';
  const sign = credit ? -1 : 1;
  const lines = bill.lines ?? [];
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
  const invoice = {
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
/** The parts of the library's JSON schema the party check reads. */
interface JsonSchema {
  properties: Record<string, JsonSchema>;
  required: string[];
}
export function facturxErrors(invoice: Invoice): string[] {
  if (!validator) {
    const schema = structuredClone(invoiceSchema) as unknown as JsonSchema;
    for (const party of ['cac:AccountingCustomerParty', 'cac:AccountingSupplierParty'])
      schema.properties['ubl:Invoice'].properties[party].properties['cac:Party'].required.push('cbc:EndpointID');
    validator = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
  }
  const validate = validator;
  return validate(structuredClone(invoice)) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** The bill's EN 16931 XML (factur-x.xml), embedded by `embedFacturX` as the bill renders. */
export function facturxXmlOf(bill: PrintedBill): Promise<string> {
  return facturXml(facturxInvoice(bill), FACTURX_FORMAT);
}
