// What @e-invoice-eu/core writes wrong in a Factur-X's CII XML, put right before it is
// rendered, and the part of the library's invoice service that writes it (facturx.ts).
import {
  FormatFactoryService,
  invoiceSchema,
  ValidationService,
  type EInvoiceFormat,
  type Invoice,
  type InvoiceServiceOptions,
  type Logger,
} from './einvoice-lib';
import Ajv2019, { type ValidateFunction } from 'ajv/dist/2019';
import { FACTURX_FORMAT } from './facturx-codes';
import { ciiXml } from './facturx-xml';

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

/** The invoice schema compiled once per format and process (see `facturXml`). */
const validators = new Map<string, ValidateFunction<Invoice>>();

/** The CII part of the library's Factur-X formatter: its `generate` without the PDF. */
type CiiGenerate = (this: EInvoiceFormat, invoice: Invoice, options: InvoiceServiceOptions) => Promise<string>;

/**
 * The Factur-X's CII XML, as the library's `InvoiceService.generate` writes it, with
 * four changes: the formatter hands its CII data to `completeCii` before rendering it,
 * and writes it with `ciiXml` (the same bytes; `libraryWriter`: the library's own, for tests);
 * the invoice schema is compiled once per format and process (the library compiles it
 * on every call: about 0,4 s); and the XML alone is generated — the CII formatter's
 * `generate`, which the Factur-X formatter calls before it loads the PDF with pdf-lib,
 * attaches the XML and saves the whole PDF again. The PDF/A-3 attachment is written by
 * pdfkit while the bill renders instead (./facturx-pdf.ts). Fails loudly when a
 * library update moved either hook.
 */
export async function facturXml(
  invoice: Invoice,
  format = FACTURX_FORMAT,
  { libraryWriter = false } = {},
): Promise<string> {
  const factory = new FormatFactoryService();
  const formatter = factory.createFormatService(format, quiet) as EInvoiceFormat & {
    renderXML?: (data: Cii) => string;
    cleanAttributes?: (data: Cii) => void;
  };
  if (typeof formatter.renderXML !== 'function' || typeof formatter.cleanAttributes !== 'function')
    throw new Error('@e-invoice-eu/core: no renderXML');
  const render = formatter.renderXML.bind(formatter);
  const clean = formatter.cleanAttributes.bind(formatter);
  formatter.renderXML = (data: Cii) => {
    const cii = completeCii(data, invoice);
    if (libraryWriter) return render(cii);
    // The library's first step (idempotent), then the same XML written faster (./facturx-xml).
    clean(cii);
    return ciiXml(cii) ?? render(cii);
  };
  const ciiGenerate = xmlGenerate(formatter);
  const normalized = factory.normalizeFormat(format);
  let validate = validators.get(normalized);
  if (!validate) {
    const schema = structuredClone(invoiceSchema);
    formatter.patchSchema(schema);
    validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile<Invoice>(schema);
    validators.set(normalized, validate);
  }
  const data = new ValidationService(quiet).validate('invoice data', validate, structuredClone(invoice));
  formatter.fillInvoiceDefaults(data);
  return ciiGenerate.call(formatter, data, { format: normalized, lang: 'fr-fr', noWarnings: true });
}

/**
 * The `generate` the Factur-X formatter overrides (the class that attaches the XML to a
 * PDF, known by its `createPDFA`): the CII formatter's, which answers the XML.
 */
function xmlGenerate(formatter: EInvoiceFormat): CiiGenerate {
  let proto: object | null = Object.getPrototypeOf(formatter);
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'createPDFA')) proto = Object.getPrototypeOf(proto);
  const parent = proto && (Object.getPrototypeOf(proto) as { generate?: CiiGenerate } | null);
  if (typeof parent?.generate !== 'function') throw new Error('@e-invoice-eu/core: no CII generate under Factur-X');
  return parent.generate;
}
