// What @e-invoice-eu/core writes wrong in a Factur-X's CII XML, put right before it is
// rendered, and the library's invoice service that does so (facturx.ts).
import {
  FormatFactoryService,
  invoiceSchema,
  ValidationService,
  type EInvoiceFormat,
  type Invoice,
  type InvoiceServiceOptions,
  type Logger,
} from '@e-invoice-eu/core';
import Ajv2019, { type ValidateFunction } from 'ajv/dist/2019';

const quiet: Logger = { log() {}, warn() {}, error() {} };

/** A CII or UBL element tree as the library hands it over: nested elements read by their names. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the library's data is an untyped tree of elements
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
  const data = (invoice as Cii)['ubl:Invoice'];
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
  const preceding = (data['cac:BillingReference'] ?? []).map((r: Cii) => r['cac:InvoiceDocumentReference']);
  if (preceding.length) {
    const settlement = { ...tx['ram:ApplicableHeaderTradeSettlement'] };
    delete settlement['ram:InvoiceReferencedDocument'];
    tx['ram:ApplicableHeaderTradeSettlement'] = insertAfter(
      settlement,
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      'ram:InvoiceReferencedDocument',
      preceding.map((r: Cii) => ({
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

/** The invoice schema compiled once per format and process (see `generateFacturX`). */
const validators = new Map<string, ValidateFunction<Invoice>>();

/**
 * The library's `InvoiceService.generate`, step for step, with two changes: the Factur-X
 * formatter hands its CII data to `completeCii` before rendering it, and the invoice
 * schema is compiled once per format and process (the library compiles it on every
 * call: about 0,4 s, most of a Factur-X's cost). Fails loudly when a library update
 * moved the hook.
 */
export async function generateFacturX(invoice: Invoice, options: InvoiceServiceOptions): Promise<string | Uint8Array> {
  const factory = new FormatFactoryService();
  const formatter = factory.createFormatService(options.format, quiet) as EInvoiceFormat & {
    renderXML?: (data: Cii) => string;
  };
  if (typeof formatter.renderXML !== 'function') throw new Error('@e-invoice-eu/core: no renderXML');
  const render = formatter.renderXML.bind(formatter);
  formatter.renderXML = (data: Cii) => render(completeCii(data, invoice));
  const format = factory.normalizeFormat(options.format);
  let validate = validators.get(format);
  if (!validate) {
    const schema = structuredClone(invoiceSchema);
    formatter.patchSchema(schema);
    validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile<Invoice>(schema);
    validators.set(format, validate);
  }
  const data = new ValidationService(quiet).validate('invoice data', validate, structuredClone(invoice));
  formatter.fillInvoiceDefaults(data);
  return formatter.generate(data, { ...options, format });
}
