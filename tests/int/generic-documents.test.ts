// The spec's generic documents (§7, docs/api.md): `{base}/document` (a record's PDF with `id`, the
// list's without) and `{base}/document_info/{id}` (§3 (docs/entities.md) « Document file »);
// establishment/establishment/add.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

// The PDF's text is WinAnsi: accented letters do not survive the reply's UTF-8 decoding, ASCII does.
const pdfText = (r: { text: string }) => r.text;

describe('{base}/document and {base}/document_info/{id}', () => {
  it("describes a record's file, 404 for an unknown one", async () => {
    const bank = await postOk(t.admin, '/rest/bank', { name: 'Banque Populaire du Sud' });
    const r = await t.admin.get(`/rest/bank/document_info/${bank.id}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({
      generateFilePath: '/rest/bank/document',
      generateFileName: `bank-${bank.id}.pdf`,
      fileName: 'Banque-Banque-Populaire-du-Sud.pdf',
      extension: 'pdf',
    });
    expect((await t.admin.get('/rest/bank/document_info/99999999')).status).toBe(404);
  });

  it("prints a record's sheet (GET ?id= or POST { id }) and a filtered list", async () => {
    const name = unique('Credit Mutuel ');
    const bank = await postOk(t.admin, '/rest/bank', { name });
    for (const r of [
      await t.admin.get(`/rest/bank/document?id=${bank.id}`),
      await t.admin.post('/rest/bank/document', { id: bank.id }),
    ]) {
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      expect(pdfText(r).startsWith('%PDF-')).toBe(true);
      expect(pdfText(r)).toContain(`Nom : ${name}`);
    }
    const list = await t.admin.get(`/rest/bank/document?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
    expect(list.status).toBe(200);
    expect(pdfText(list)).toMatch(/\(1 .l.ment\.\)/u);
    expect(pdfText(list)).toContain(name);
    expect((await t.admin.get('/rest/bank/document?id=99999999')).status).toBe(404);
  });

  it("the establishment's document stays its user guide", async () => {
    const r = await t.admin.get('/rest/establishment/establishment/document');
    expect(r.status).toBe(200);
    expect((await t.admin.get('/rest/establishment/establishment/document_info/1')).status).toBe(404);
  });
});

describe('establishment/establishment/add (§7)', () => {
  it('answers a new establishment, with the company data of its reference', async () => {
    await t
      .knex('establishment')
      .update({ corporateName: 'SARL Les Pins', siren: '732829320', siret: '73282932000074' });
    const plain = await t.admin.get('/rest/establishment/establishment/add');
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body).toMatchObject({ id: 0, corporateName: null, currency: 'EUR' });
    const id = (await t.knex('establishment').first('id')).id;
    const r = await t.admin.get(`/rest/establishment/establishment/add?reference=${id}`);
    expect(r.body).toMatchObject({ id: 0, corporateName: 'SARL Les Pins', siren: '732829320', siret: null });
    expect((await t.admin.get('/rest/establishment/establishment/add?reference=99999999')).status).toBe(404);
    expect(await t.knex('establishment').count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});
