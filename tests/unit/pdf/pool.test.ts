// PDFs rendered by the worker pool are the very bytes the request thread would render
// (fonts parsed once per thread change nothing in the document), renders asked at once
// all come back whole and each to its caller, and a render that fails answers its error
// without taking the pool down.
import { afterAll, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { renderJob } from '../../../api/pdf/jobs';
import { renderPdf, stopPdfPool } from '../../../api/pdf/pool';

const sale = (n: number) => ({
  kind: 'sale',
  number: `ACC1-${String(n).padStart(6, '0')}`,
  issuedAt: '2026-11-24T09:15:30Z',
  registerCode: 'ACC1',
  operatorName: 'Julie',
  customerName: null,
  booking: null,
  returnOf: null,
  sellerSnapshot: { corporateName: 'SARL Les Pins Bleus', siret: '73282932000074', vatNumber: 'FR44732829320' },
  lines: [{ label: 'Baguette', quantity: n, unitPrice: 130, lineDiscount: 0, vatRateBp: 550, amountInclVat: 130 * n }],
  ticketDiscount: 0,
  totalInclVat: 130 * n,
  changeGiven: 0,
  braceletCount: 0,
  vatTotals: [{ vatRateBp: 550, totalExclVat: 123 * n, vatAmount: 7 * n, totalInclVat: 130 * n }],
  payments: [{ kind: 'cash', amount: 130 * n, received: 130 * n, reference: null }],
});

/** A ticket rendered by bare pdfmake (no font cache) on a thread of its own. */
async function bareTicket(n: number): Promise<Buffer> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    require('tsx/cjs/api').register();
    const { ticketDocument } = require(workerData.pdf);
    const pdfmake = require('pdfmake');
    pdfmake.setFonts(require('pdfmake/fonts/Roboto'));
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((p) => p.includes('pdfmake'));
    pdfmake.createPdf(ticketDocument(workerData.sale, 0)).getBuffer().then((b) => parentPort.postMessage(b));`;
  const pdf = new URL('../../../api/domain/sales/pdf.ts', import.meta.url).pathname;
  const w = new Worker(code, { eval: true, workerData: { sale: sale(n), pdf } });
  try {
    return Buffer.from(await new Promise<Uint8Array>((ok, ko) => w.once('message', ok).once('error', ko)));
  } finally {
    await w.terminate();
  }
}

/** The PDF without its creation time and the file ID made from it (tickets are dated when rendered). */
const undated = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '/ID []');

afterAll(() => stopPdfPool());

describe('PDF worker pool', { timeout: 60_000 }, () => {
  it('renders what the calling thread and bare pdfmake render, byte for byte but the date', async () => {
    const pooled = await renderPdf({ kind: 'ticket', sale: sale(3), duplicate: 0 });
    expect(pooled.subarray(0, 5).toString()).toBe('%PDF-');
    expect(undated(pooled)).toBe(undated(await renderJob({ kind: 'ticket', sale: sale(3), duplicate: 0 })));
    expect(undated(pooled)).toBe(undated(await bareTicket(3)));
  });

  it('answers each of many renders asked at once with its own document', async () => {
    const ns = Array.from({ length: 12 }, (_, i) => i + 1);
    const pdfs = await Promise.all(ns.map((n) => renderPdf({ kind: 'ticket', sale: sale(n), duplicate: 0 })));
    const alone = await Promise.all(ns.map((n) => renderJob({ kind: 'ticket', sale: sale(n), duplicate: 0 })));
    pdfs.forEach((p, i) => expect(undated(p), `ticket ${ns[i]}`).toBe(undated(alone[i])));
    expect(new Set(pdfs.map(undated)).size).toBe(ns.length);
  });

  it('answers a failed render with its error and keeps rendering', async () => {
    await expect(
      renderPdf({ kind: 'ticket', sale: { ...sale(1), lines: null } as any, duplicate: 0 }),
    ).rejects.toThrow();
    const pdf = await renderPdf({ kind: 'ticket', sale: sale(2), duplicate: 0 });
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
  });
});
