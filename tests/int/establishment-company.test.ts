// The establishment (§3 (docs/entities.md), §7 (docs/api.md), §8 (docs/errors.md#messages), §9, docs/constants.md): the
// single establishment's edit, company identifiers, the "fill Establishment > Informations" helper, logos (type,
// content and size checks), the page header and the documentation PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { requireCompanyData, missingCompanyData } from '../../api/domain/establishment/company';
import { LOGO_MAX_BYTES } from '../../api/domain/establishment/logo';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GUIDE_SECTIONS } from '../../common/guide-sections';
import { guideSectionBlocks } from '../../api/domain/establishment/user-guide';

/** The PDF's text (poppler), spaces made plain. */
const pdfToText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-', '-'], { input: pdf })
    .toString()
    .replace(/[\s\u00a0\u202f]+/g, ' ');
/** How many images the PDF draws (poppler's list, two header lines). */
function pdfImageCount(pdf: Buffer): number {
  // pdfimages reads a file, not its standard input.
  const file = join(mkdtempSync(join(tmpdir(), 'guide-')), 'guide.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdfimages', ['-list', file]).toString().trim().split('\n').length - 2;
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');

async function upload(name: string, data: Buffer, kind?: string) {
  const form = new FormData();
  form.append('uploadfile', new Blob([new Uint8Array(data)]), name);
  if (kind) form.append('kind', kind);
  const res = await fetch(`${t.url}/rest/establishment/establishment/setLogo`, {
    method: 'POST',
    headers: { Cookie: t.admin.cookie! },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe('the establishment', () => {
  it('is created on a new database with the company data, and read without an id', async () => {
    const r = await t.admin.get('/rest/establishment/establishment/edit');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Camping Les Pins Bleus',
      siren: '412345670',
      siret: '41234567000019',
      currency: 'EUR',
      classification: 4,
    });
    expect(missingCompanyData(r.body)).toEqual([]);
  });

  it('saves through POST edit with its id (returnEditItem) and records the history', async () => {
    const est = (await t.admin.get('/rest/establishment/establishment/edit')).body;
    const r = await t.admin.post(
      '/rest/establishment/establishment/edit',
      { ...est, shortName: 'Pins', nafCode: '5530Z' },
      { returnEditItem: 'true' },
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.item).toMatchObject({ id: est.id, shortName: 'Pins', nafCode: '55.30Z' });
    const h = await t
      .knex('post_history')
      .where({ entity: 'establishment', recordId: est.id, action: 'update' })
      .orderBy('id', 'desc')
      .first();
    expect(h.changes.shortName).toEqual(['Les Pins Bleus', 'Pins']);
  });

  it(
    'checks SIREN (9 digits), SIRET (14 digits), their keys, ' + 'SIRET starting with SIREN and the French VAT key',
    async () => {
      const est = (await t.admin.get('/rest/establishment/establishment/edit')).body;
      const put = (patch: Record<string, unknown>) => t.admin.put(`/rest/establishment/establishment/${est.id}`, patch);
      expect((await put({ siren: '12345678' })).body.errors.siren).toBe('Le SIREN comporte 9 chiffres');
      expect((await put({ siret: '1234567800001' })).body.errors.siret).toBe('Le SIRET comporte 14 chiffres');
      expect((await put({ siren: '412345671' })).body.errors.siren).toBe('SIREN invalide (clé de contrôle)');
      expect((await put({ siret: '41234567000018' })).body.errors.siret).toBe('SIRET invalide (clé de contrôle)');
      expect((await put({ siret: '52345678800018' })).body.errors.siret).toBe('Le SIRET doit commencer par le SIREN');
      expect((await put({ vatNumber: 'FR11412345670' })).body.errors.vatNumber).toBe('Format invalide');
      expect((await put({ classification: 6 })).status).toBe(400);
      expect((await put({ capital: -1 })).status).toBe(400);
      // La Poste's establishments follow their own rule.
      expect((await put({ siren: '356000000', siret: '35600000000001', vatNumber: null })).status).toBe(200);
    },
  );

  it('cannot lose its last row', async () => {
    const est = (await t.admin.get('/rest/establishment/establishment/edit')).body;
    const r = await t.admin.del(`/rest/establishment/establishment/${est.id}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Le dernier établissement ne peut pas être supprimé');
  });
});

describe('requireCompanyData (for billing and closures)', () => {
  it('answers the establishment when complete, else the §8 message of the first missing item', async () => {
    const est = (await t.admin.get('/rest/establishment/establishment/edit')).body;
    await expect(requireCompanyData(t.knex)).resolves.toMatchObject({ id: est.id });
    await t.admin.put(`/rest/establishment/establishment/${est.id}`, { legalForm: null, rcs: '' });
    await expect(requireCompanyData(t.knex)).rejects.toMatchObject({
      status: 400,
      code: 'COMPANY_LEGAL_FORM_REQUIRED',
      message: 'Forme juridique obligatoire (renseignez Établissement > Informations)',
    });
    await t.admin.put(`/rest/establishment/establishment/${est.id}`, { legalForm: 'SARL' });
    await expect(requireCompanyData(t.knex)).rejects.toMatchObject({ code: 'COMPANY_RCS_REQUIRED' });
    await expect(requireCompanyData(t.knex, ['capital', 'town'])).resolves.toBeTruthy();
    await t.admin.put(`/rest/establishment/establishment/${est.id}`, { rcs: 'RCS Lorient', town: null });
    await expect(requireCompanyData(t.knex)).rejects.toMatchObject({
      code: 'COMPANY_TOWN_REQUIRED',
      errors: { town: 'Champ obligatoire' },
    });
    await t.admin.put(`/rest/establishment/establishment/${est.id}`, { town: 'Carnac' });
  });
});

describe('logos', () => {
  it('stores a PNG (field uploadfile) and serves it back; the group logo beside it in group mode', async () => {
    const r = await upload('logo.png', PNG);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'SAVED', kind: 'logo', mime: 'image/png' });
    const back = await fetch(`${t.url}/rest/establishment/establishment/getLogo`, {
      headers: { Cookie: t.admin.cookie! },
    });
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await back.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await upload('groupe.GIF', GIF, 'group')).status).toBe(200);
    let header = (await t.admin.get('/rest/establishment/establishment/header')).body;
    expect(header.logo).toBeTruthy();
    expect(header.groupLogo).toBeNull();
    const est = (await t.admin.get('/rest/establishment/establishment/edit')).body;
    await t.admin.put(`/rest/establishment/establishment/${est.id}`, { isGroupMode: true, groupName: 'Groupe Océan' });
    header = (await t.admin.get('/rest/establishment/establishment/header')).body;
    expect(header).toMatchObject({ isGroupMode: true, groupName: 'Groupe Océan', title: 'Camping Les Pins Bleus' });
    expect(header.groupLogo).toBeTruthy();
    const g = await fetch(`${t.url}/rest/establishment/establishment/getLogo?kind=group`, {
      headers: { Cookie: t.admin.cookie! },
    });
    expect(g.headers.get('content-type')).toBe('image/gif');
  });

  it('refuses other types, contents that lie about their type, and images over the limit', async () => {
    const svg = await upload('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.status).toBe(400);
    expect(svg.body.message).toBe('Formats acceptés : .jpg, .jpeg, .png, .gif');
    expect((await upload('logo.jpg', PNG)).body.code).toBe('IMAGE_TYPE');
    expect((await upload('logo.png', Buffer.from('<html>bonjour</html>'))).body.code).toBe('IMAGE_TYPE');
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES + 10)]);
    const tooBig = await upload('logo.png', big);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe('Image trop volumineuse');
    const none = await fetch(`${t.url}/rest/establishment/establishment/setLogo`, {
      method: 'POST',
      headers: { Cookie: t.admin.cookie! },
      body: new FormData(),
    });
    expect(none.status).toBe(400);
  });

  it('deletes a logo', async () => {
    expect((await t.admin.post('/rest/establishment/establishment/deleteLogo')).status).toBe(200);
    expect((await t.admin.get('/rest/establishment/establishment/getLogo')).status).toBe(404);
  });
});

describe('page header and documentation', () => {
  it('gives the title: name, else short name, else "Bivouac"', async () => {
    const est = (await t.admin.get('/rest/establishment/establishment/edit')).body;
    expect((await t.admin.get('/rest/establishment/establishment/header')).body.title).toBe(est.name);
    await t.knex('establishment').where('id', est.id).update({ name: '' });
    expect((await t.admin.get('/rest/establishment/establishment/header')).body.title).toBe(est.shortName);
    await t.knex('establishment').where('id', est.id).update({ shortName: null });
    expect((await t.admin.get('/rest/establishment/establishment/header')).body.title).toBe('Bivouac');
    await t.knex('establishment').where('id', est.id).update({ name: est.name, shortName: est.shortName });
  });

  it('serves the user guide as a real PDF, inline: every section with its screenshots, or one section', async () => {
    const get = (query = '') =>
      fetch(`${t.url}/rest/establishment/establishment/document${query}`, { headers: { Cookie: t.admin.cookie! } });
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="bivouac-guide-utilisateur.pdf"');
    const pdf = Buffer.from(await res.arrayBuffer());
    const text = pdfToText(pdf);
    expect(text).toContain('Bivouac — guide de l’utilisateur');
    for (const s of GUIDE_SECTIONS) expect(text).toContain(s.title);
    expect(text).toMatch(/F12 valide la fiche/);
    // Every screenshot the Markdown shows is in the file.
    const shown = GUIDE_SECTIONS.flatMap((s) => guideSectionBlocks(s.id)).filter((b) => b.kind === 'image');
    expect(shown.length).toBeGreaterThanOrEqual(GUIDE_SECTIONS.length);
    expect(pdfImageCount(pdf)).toBe(shown.length);

    const one = await get('?section=caisse');
    expect(one.headers.get('content-disposition')).toBe('inline; filename="bivouac-guide-caisse.pdf"');
    const oneText = pdfToText(Buffer.from(await one.arrayBuffer()));
    expect(oneText).toContain('La caisse et les ventes');
    expect(oneText).not.toContain('Prendre une réservation');
    const unknown = await get('?section=..%2F..%2Fpackage');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('NOT_FOUND');
  });
});
