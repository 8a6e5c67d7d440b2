// The PDFs rendered off the request thread, named by kind with the plain data they are
// made of (rows cross to a worker by structured clone; document definitions cannot, as
// they hold footer functions). Each worker builds the definition and renders it here,
// with the fonts parsed once per thread.
import { billDocument, type PdfOptions } from '../domain/billing/pdf';
import { pdfmake } from './printer';
import { ticketDocument } from '../domain/sales/pdf';
import { closureDocument } from '../domain/ledger/pdf';
import { toFacturX, wantsFacturX } from '../domain/billing/facturx';
import type { PrintedBill } from '../domain/billing/records';
import type { PrintedTicket } from '../domain/sales/records';

type Row = Record<string, any>;

export type PdfJob =
  | { kind: 'bill'; bill: PrintedBill; opts?: PdfOptions }
  | { kind: 'ticket'; sale: PrintedTicket; duplicate: number }
  | { kind: 'closure'; closure: Row; establishment: Row; fingerprint: string };

function definition(job: PdfJob): Row {
  switch (job.kind) {
    case 'bill':
      return billDocument(job.bill, job.opts ?? {});
    case 'ticket':
      return ticketDocument(job.sale, job.duplicate);
    case 'closure':
      return closureDocument(job.closure as any, job.establishment as any, job.fingerprint);
  }
}

/** A pdfmake definition rendered on this thread (fonts parsed once per thread, see ./fonts). */
export async function renderDefinition(def: Row): Promise<Buffer> {
  return Buffer.from(await pdfmake().createPdf(def).getBuffer());
}

/**
 * The job's PDF rendered on this thread. A bill for a business customer with a VAT
 * number becomes a Factur-X (EN 16931); should that fail, the plain PDF/A still carries
 * every legal mention, so the bill is not left without a document.
 */
export async function renderJob(job: PdfJob): Promise<Buffer> {
  const pdf = await renderDefinition(definition(job));
  if (job.kind !== 'bill' || !wantsFacturX(job.bill.customerSnapshot)) return pdf;
  try {
    return await toFacturX(pdf, job.bill);
  } catch (e: any) {
    console.error('Factur-X', job.bill.id, (e?.errors ?? []).map((x: any) => x.instancePath).join(' ') || e?.message);
    return pdf;
  }
}
