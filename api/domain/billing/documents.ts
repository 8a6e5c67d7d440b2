// Bill PDFs kept in stored_file (api/files): the original is rendered once, right after
// the bill is issued; the first print hands it out, every later print hands out the
// copy marked DUPLICATA, rendered once too — so each reprint is byte-identical.
// Business customers with a VAT number get both as Factur-X (api/pdf/jobs.ts).
// Rendering happens on the PDF worker threads (api/pdf/pool.ts), off the request thread.
import { fileExists, getFile } from '../../files/store';
import type { PdfOptions } from './pdf';
import { loadBill } from './view';
import { renderPdf } from '../../pdf/pool';
import type { Db, PrintedBill } from './records';

export const originalRef = (billId: number) => `bills/bill-${billId}.pdf`;
export const duplicateRef = (billId: number) => `bills/bill-${billId}-duplicata.pdf`;

/**
 * The bill's PDF; for a business customer with a VAT number, the same PDF as a
 * Factur-X (EN 16931). Should the e-invoice fail, the plain PDF/A still carries every
 * legal mention: the bill is not left without a document.
 */
export function renderStoredPdf(bill: PrintedBill, opts: PdfOptions = {}): Promise<Buffer> {
  return renderPdf({ kind: 'bill', bill, opts });
}

/** Stores `pdf` under `ref` unless one is there already; the stored one is answered. */
async function storeOnce(db: Db, ref: string, pdf: Buffer): Promise<{ data: Buffer; stored: boolean }> {
  const inserted = await db('stored_file')
    .insert({ ref, mime: 'application/pdf', size: pdf.length, data: pdf })
    .onConflict('ref')
    .ignore()
    .returning('ref');
  // A concurrent render stored its own first: the stored one is the original.
  if (inserted.length) return { data: pdf, stored: true };
  return { data: (await getFile(db, ref))!.data, stored: false };
}

/**
 * Renders and stores the original of `bill` (as loadBill answers it, read once by the
 * caller) unless it exists already — checked without reading the file.
 */
export async function storeOriginal(db: Db, bill: PrintedBill & { id: number }): Promise<void> {
  if (await fileExists(db, originalRef(bill.id))) return;
  await storeOnce(db, originalRef(bill.id), await renderStoredPdf(bill));
}

/** The original's bytes, rendered and stored first if need be. */
async function original(db: Db, bill: PrintedBill & { id: number }): Promise<Buffer> {
  const have = await getFile(db, originalRef(bill.id));
  if (have) return have.data;
  return (await storeOnce(db, originalRef(bill.id), await renderStoredPdf(bill))).data;
}

/**
 * The document to look at (GET, which never writes): the stored duplicate once the
 * original was printed, else a copy marked DUPLICATA rendered now and not stored — never
 * the original, which only the print (POST) hands out.
 */
export async function viewBill(db: Db, billId: number): Promise<Buffer> {
  const dup = await getFile(db, duplicateRef(billId));
  if (dup) return dup.data;
  return renderStoredPdf(await loadBill(db, billId), { duplicate: true });
}

/** The document to print: the original the first time, the stored duplicate after. */
export async function printBill(db: Db, billId: number): Promise<{ data: Buffer; duplicate: boolean }> {
  const dup = await getFile(db, duplicateRef(billId));
  if (dup) return { data: dup.data, duplicate: true };
  const bill = await loadBill(db, billId);
  // Both rendered at once, on two workers.
  const [first, copy] = await Promise.all([original(db, bill), renderStoredPdf(bill, { duplicate: true })]);
  // Whoever stores the duplicate first printed the original; a concurrent print gets the copy.
  const { data, stored } = await storeOnce(db, duplicateRef(billId), copy);
  return stored ? { data: first, duplicate: false } : { data, duplicate: true };
}
