// The PDFs rendered off the request thread, named by kind with the plain data they are
// made of (rows cross to a worker by structured clone; document definitions cannot, as
// they hold footer functions). Each worker builds the definition and renders it here,
// with the fonts parsed once per thread.
import { billDocument, billMoment, type PdfOptions } from '../domain/billing/pdf';
import { pdfmake } from './printer';
import { ticketDocument } from '../domain/sales/pdf';
import { closureDocument } from '../domain/ledger/pdf';
import { embedFacturX, facturxXmlOf, wantsFacturX, type PdfKitTarget } from '../domain/billing/facturx';

// Each job carries what its document builder takes.
type Bill = Parameters<typeof billDocument>[0];
type Sale = Parameters<typeof ticketDocument>[0];
type Closure = Parameters<typeof closureDocument>[0];
type Establishment = Parameters<typeof closureDocument>[1];

export type PdfJob =
  | { kind: 'bill'; bill: Bill; opts?: PdfOptions }
  | { kind: 'ticket'; sale: Sale; duplicate: number }
  | { kind: 'closure'; closure: Closure; establishment: Establishment; fingerprint: string };

function definition(job: PdfJob): object {
  switch (job.kind) {
    case 'bill':
      return billDocument(job.bill, job.opts ?? {});
    case 'ticket':
      return ticketDocument(job.sale, job.duplicate);
    case 'closure':
      return closureDocument(job.closure, job.establishment, job.fingerprint);
  }
}

/**
 * A pdfmake definition rendered on this thread (fonts parsed once per thread, see
 * ./fonts); `before` adds to the laid-out pdfkit document before it ends.
 */
export async function renderDefinition(def: object, before?: (doc: PdfKitTarget) => void): Promise<Buffer> {
  const out = pdfmake().createPdf(def);
  if (before) before((await out.getStream()) as PdfKitTarget);
  return Buffer.from(await out.getBuffer());
}

/**
 * The job's PDF rendered on this thread. A bill for a business customer with a VAT
 * number becomes a Factur-X (EN 16931): its XML is written first, then embedded as the
 * PDF renders. Should the XML fail, the plain PDF/A still carries every legal mention,
 * so the bill is not left without a document.
 */
export async function renderJob(job: PdfJob): Promise<Buffer> {
  const def = definition(job);
  if (job.kind !== 'bill' || !wantsFacturX(job.bill.customerSnapshot)) return renderDefinition(def);
  let xml: string;
  try {
    xml = await facturxXmlOf(job.bill);
  } catch (thrown) {
    // A validation failure lists its schema errors; anything else says its message.
    const e = thrown as { errors?: { instancePath?: string }[]; message?: string } | null | undefined;
    console.error('Factur-X', job.bill.id, (e?.errors ?? []).map((x) => x.instancePath).join(' ') || e?.message);
    return renderDefinition(def);
  }
  return renderDefinition(def, (doc) => embedFacturX(doc, xml, billMoment(job.bill)));
}
