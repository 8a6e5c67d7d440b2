// Bill PDFs kept in stored_file (api/files): the original is rendered once, right after
// the bill is issued; the first print hands it out, every later print hands out the
// copy marked DUPLICATA, rendered once too — so each reprint is byte-identical.
// Business customers with a VAT number get both as Factur-X (./facturx.ts).
import type { Knex } from 'knex';
import { getFile } from '../../files/store';
import { renderBillPdf, type PdfOptions } from './pdf';
import { loadBill } from './view';
import { toFacturX, wantsFacturX } from './facturx';

type Db = Knex | Knex.Transaction;

export const originalRef = (billId: number) => `bills/bill-${billId}.pdf`;
export const duplicateRef = (billId: number) => `bills/bill-${billId}-duplicata.pdf`;

/**
 * The bill's PDF; for a business customer with a VAT number, the same PDF as a
 * Factur-X (EN 16931). Should the e-invoice fail, the plain PDF/A still carries every
 * legal mention: the bill is not left without a document.
 */
export async function renderStoredPdf(bill: Record<string, any>, opts: PdfOptions = {}): Promise<Buffer> {
  const pdf = await renderBillPdf(bill, opts);
  if (!wantsFacturX(bill.customerSnapshot)) return pdf;
  try {
    return await toFacturX(pdf, bill);
  } catch (e: any) {
    console.error('Factur-X', bill.id, (e?.errors ?? []).map((x: any) => x.instancePath).join(' ') || e?.message);
    return pdf;
  }
}

/** Renders and stores the original (kept if it exists already). */
export async function storeOriginal(db: Db, billId: number): Promise<Buffer> {
  const have = await getFile(db, originalRef(billId));
  if (have) return have.data;
  const pdf = await renderStoredPdf(await loadBill(db, billId));
  await db('stored_file')
    .insert({ ref: originalRef(billId), mime: 'application/pdf', size: pdf.length, data: pdf })
    .onConflict('ref')
    .ignore();
  return (await getFile(db, originalRef(billId)))!.data;
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
  const original = await storeOriginal(db, billId);
  const copy = await renderStoredPdf(await loadBill(db, billId), { duplicate: true });
  // Whoever stores the duplicate first printed the original; a concurrent print gets the copy.
  const inserted = await db('stored_file')
    .insert({ ref: duplicateRef(billId), mime: 'application/pdf', size: copy.length, data: copy })
    .onConflict('ref')
    .ignore()
    .returning('ref');
  if (inserted.length) return { data: original, duplicate: false };
  return { data: (await getFile(db, duplicateRef(billId)))!.data, duplicate: true };
}
