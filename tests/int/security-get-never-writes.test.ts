// GET routes never write (issue 25 point 10, docs/history.md#issue-25): looking at a bill's or a ticket's PDF is a
// read — a copy marked DUPLICATA, nothing stored, the original not used up, no print
// recorded. Printing is the explicit POST of the same address (the spec's « GET or POST
// {base}/document »): the original the first time, then duplicates, each journaled.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
const pdfText = (data: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: data }).toString();
async function pdf(method: 'GET' | 'POST', path: string) {
  const r = await fetch(`${t.url}${path}`, { method, headers: { Cookie: t.admin.cookie! } });
  return {
    status: r.status,
    disposition: r.headers.get('content-disposition') ?? '',
    data: Buffer.from(await r.arrayBuffer()),
  };
}
const count = async (table: string, where: Record<string, unknown>) =>
  Number((await t.knex(table).where(where).count({ n: '*' }).first())!.n);
const jetDuplicates = async () =>
  ((await t.admin.get('/rest/jet/list')).body.rows as any[]).filter((e) => e.kind === 'duplicate');

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
});
afterAll(async () => {
  await t?.close();
});

describe('GET never writes; printing is a journaled POST', () => {
  it('a bill: GET shows a DUPLICATA and stores nothing; POST prints the original once, then duplicates', async () => {
    const s = await bookStay(t, c, c.places[0], '2031-08-01', '2031-08-04');
    const b = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    const files = await count('stored_file', {});
    for (let i = 0; i < 2; i++) {
      const view = await pdf('GET', `/rest/bill/document/${b.id}`);
      expect(view.status).toBe(200);
      expect(pdfText(view.data)).toContain('DUPLICATA');
    }
    expect(await count('stored_file', {})).toBe(files);
    expect(await jetDuplicates()).toEqual([]);
    const original = await pdf('POST', `/rest/bill/document/${b.id}`);
    expect(original.status).toBe(200);
    expect(pdfText(original.data)).not.toContain('DUPLICATA');
    const dup = await pdf('POST', `/rest/bill/document/${b.id}`);
    expect(pdfText(dup.data)).toContain('DUPLICATA');
    expect(dup.disposition).toMatch(/duplicata/);
    expect((await jetDuplicates()).map((e) => e.data)).toEqual([
      expect.objectContaining({ table: 'bill', id: b.id, number: b.number }),
    ]);
  });

  it('a ticket: GET records no print; POST records the original, then DUPLICATA 1, journaled', async () => {
    const family = (await postOk(t.admin, '/rest/article-family', { label: unique('Épicerie ') })).id;
    const tva = (await postOk(t.admin, '/rest/tva', { label: unique('TVA '), rate: 550 })).id;
    const bread = (
      await postOk(t.admin, '/rest/article', {
        code: unique('PAIN'),
        label: 'Baguette',
        articleFamilyId: family,
        price: 130,
        tvaId: tva,
      })
    ).id;
    const type = (await postOk(t.admin, '/rest/cash-register-type', { label: unique('Accueil ') })).id;
    await postOk(t.admin, '/rest/payment-method', { label: unique('Espèces '), kind: 'cash' });
    const reg = (
      await postOk(t.admin, '/rest/cash-register', {
        label: unique('Accueil '),
        code: unique('C').slice(0, 10),
        cashRegisterTypeId: type,
      })
    ).id;
    await postOk(t.admin, '/rest/sales/window/open', { cashRegisterId: reg, openingFloat: 0 });
    const sale = await postOk(t.admin, '/rest/sales/sell', {
      cashRegisterId: reg,
      lines: [{ articleId: bread, quantity: 1 }],
      payments: [{ kind: 'cash', amount: 130 }],
    });
    const view = await pdf('GET', `/rest/sales/document/${sale.id}`);
    expect(view.status).toBe(200);
    expect(await count('sale_print', { saleId: sale.id })).toBe(0);
    const before = (await jetDuplicates()).length;
    const first = await pdf('POST', `/rest/sales/document/${sale.id}`);
    expect(first.disposition).not.toMatch(/duplicata/);
    const second = await pdf('POST', `/rest/sales/document/${sale.id}`);
    expect(second.disposition).toMatch(/duplicata-1/);
    expect(await count('sale_print', { saleId: sale.id })).toBe(2);
    const dups = await jetDuplicates();
    expect(dups.length).toBe(before + 1);
    expect(dups[0].data).toMatchObject({ table: 'sale', id: sale.id, rank: 1 });
  });
});
