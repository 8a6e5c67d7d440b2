// Bill PDFs kept in stored_file (api/files): the original is rendered once, right after
// the bill is issued; the first print hands it out, every later print hands out the
// copy marked DUPLICATA, rendered once too — so each reprint is byte-identical.
import type { Knex } from 'knex';
import { getFile } from '../../files/store';
import { renderBillPdf } from './pdf';
import { loadBill } from './view';

type Db = Knex | Knex.Transaction;

export const originalRef = (billId: number) => `bills/bill-${billId}.pdf`;
export const duplicateRef = (billId: number) => `bills/bill-${billId}-duplicata.pdf`;

/** Renders and stores the original (kept if it exists already). */
export async function storeOriginal(db: Db, billId: number): Promise<Buffer> {
  const have = await getFile(db, originalRef(billId));
  if (have) return have.data;
  const pdf = await renderBillPdf(await loadBill(db, billId));
  await db('stored_file').insert({ ref: originalRef(billId), mime: 'application/pdf', size: pdf.length, data: pdf }).onConflict('ref').ignore();
  return (await getFile(db, originalRef(billId)))!.data;
}

/** The document to print: the original the first time, the stored duplicate after. */
export async function printBill(db: Db, billId: number): Promise<{ data: Buffer; duplicate: boolean }> {
  const dup = await getFile(db, duplicateRef(billId));
  if (dup) return { data: dup.data, duplicate: true };
  const original = await storeOriginal(db, billId);
  const copy = await renderBillPdf(await loadBill(db, billId), { duplicate: true });
  // Whoever stores the duplicate first printed the original; a concurrent print gets the copy.
  const inserted = await db('stored_file').insert({ ref: duplicateRef(billId), mime: 'application/pdf', size: copy.length, data: copy }).onConflict('ref').ignore().returning('ref');
  if (inserted.length) return { data: original, duplicate: false };
  return { data: (await getFile(db, duplicateRef(billId)))!.data, duplicate: true };
}

