// The utilities (§2 (docs/screens.md#utilities) Utilities, issue 30, docs/history.md#issue-30): the file check, the
// file purge (never a fiscal document, even asked for directly; the database refuses deleting one in plain SQL),
// the grid history purge (a version a stay uses is never purged; a booking holding a
// version while the purge runs makes it skip that one) and the V1 import (dry run
// figures, all or nothing with a bad line at the end, no duplicate on a second import).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSystemUser } from '../../api/auth/system';
import { startTestServer, type Client, type TestServer } from './harness';
import { postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
let sys: Client;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 4);
  await ensureSystemUser(t.knex, 'mot-de-passe-systeme');
  sys = t.client();
  expect((await sys.login('systeme', 'mot-de-passe-systeme')).status).toBe(200);
});
afterAll(async () => t?.close());

describe('file check and purge', () => {
  let billRef = '';
  beforeAll(async () => {
    const s = await bookStay(t, c, c.places[0], '2031-07-01', '2031-07-05');
    const bill = await postOk(t.admin, `/rest/booking/${s.bookingId}/bill`, { kind: 'final' });
    billRef = `bills/bill-${bill.id}.pdf`;
    const file = (ref: string, at: string, data = `contenu ${ref}`) => ({
      ref,
      mime: 'text/plain',
      size: Buffer.byteLength(data),
      data: Buffer.from(data),
      createdAt: at,
    });
    const [mail] = await t
      .knex('mail_message')
      .insert({
        kind: 'test',
        status: 'failed',
        toAddress: 'ancien@example.fr',
        subject: 'Ancien envoi',
        bodyHtml: '<p>x</p>',
        createdAt: daysAgo(400),
        attachments: JSON.stringify([
          { fileName: 'a.txt', mime: 'text/plain', ref: 'mail/990001/1-a.txt', size: 3 },
          { fileName: 'b.txt', mime: 'text/plain', ref: 'mail/990001/2-b.txt', size: 3 },
        ]),
      })
      .returning('id');
    expect(mail.id).toBeGreaterThan(0);
    await t
      .knex('stored_file')
      .insert([
        file('notes/ancienne-note.txt', daysAgo(60)),
        file('notes/note-recente.txt', daysAgo(1)),
        file(`place-${c.places[1]}/0123456789abcdef0123456789abcdef.png`, daysAgo(10)),
        file('mail/990001/1-a.txt', daysAgo(400)),
        file('notes/abimee.txt', daysAgo(2)),
      ]);
    // Changed behind the application's back: the bytes no longer match the stored SHA-256.
    await t
      .knex('stored_file')
      .where('ref', 'notes/abimee.txt')
      .update({ data: Buffer.from('autre contenu') });
  });

  it('lists missing, orphan and damaged files with their counts, for the technical user only', async () => {
    expect((await t.admin.get('/rest/utilities/file-check')).status).toBe(401);
    const r = await sys.get('/rest/utilities/file-check');
    expect(r.status, r.text).toBe(200);
    const by = (p: string) =>
      r.body.problems.filter((x: { problem: string }) => x.problem === p).map((x: { ref: string }) => x.ref);
    expect(by('missing')).toEqual(['mail/990001/2-b.txt']);
    expect(by('checksum')).toEqual(['notes/abimee.txt']);
    expect(by('orphan')).toEqual(
      expect.arrayContaining([
        'notes/ancienne-note.txt',
        'notes/note-recente.txt',
        `place-${c.places[1]}/0123456789abcdef0123456789abcdef.png`,
      ]),
    );
    expect(by('orphan')).not.toContain(billRef);
    expect(r.body.counts).toMatchObject({ missing: 1, checksum: 1, orphan: by('orphan').length });
    expect(r.body.counts.files).toBeGreaterThanOrEqual(6);
  });

  it('previews the files past their retention, never a bill, and purges only the confirmed list', async () => {
    const p = await sys.get('/rest/utilities/file-purge');
    expect(p.status, p.text).toBe(200);
    const refs = p.body.candidates.map((x: { ref: string }) => x.ref);
    expect(refs).toEqual(
      expect.arrayContaining([
        'notes/ancienne-note.txt',
        'mail/990001/1-a.txt',
        `place-${c.places[1]}/0123456789abcdef0123456789abcdef.png`,
      ]),
    );
    expect(refs).not.toContain('notes/note-recente.txt');
    expect(refs.some((r: string) => r.startsWith('bills/'))).toBe(false);
    expect(p.body.rules.find((x: { kind: string }) => x.kind === 'bill')).toMatchObject({
      fiscal: true,
      retentionDays: null,
    });

    // A bill asked for directly: refused whole, nothing purged.
    const fiscal = await sys.post('/rest/utilities/file-purge', { refs: ['notes/ancienne-note.txt', billRef] });
    expect(fiscal.status).toBe(400);
    expect(fiscal.body.code).toBe('FISCAL_DOCUMENT_KEPT');
    const young = await sys.post('/rest/utilities/file-purge', { refs: ['notes/note-recente.txt'] });
    expect(young.body.code).toBe('FILE_NOT_PURGEABLE');
    expect(await t.knex('stored_file').whereIn('ref', [billRef, 'notes/ancienne-note.txt']).count({ n: '*' })).toEqual([
      { n: 2 },
    ]);

    const done = await sys.post('/rest/utilities/file-purge', { refs });
    expect(done.status, done.text).toBe(200);
    expect(done.body.purged.map((x: { ref: string }) => x.ref).sort()).toEqual([...refs].sort());
    expect(await t.knex('stored_file').whereIn('ref', refs).count({ n: '*' })).toEqual([{ n: 0 }]);
    const again = await sys.get('/rest/utilities/file-purge');
    expect(again.body.journal.map((x: { ref: string }) => x.ref)).toEqual(expect.arrayContaining(refs));
    // The sent e-mail's purged attachment now reads « purgé », not « manquant ».
    const check = await sys.get('/rest/utilities/file-check');
    expect(check.body.counts).toMatchObject({ missing: 1, purged: 1 });
  });

  it('refuses deleting or changing a fiscal file in plain SQL, whatever the role', async () => {
    for (const db of [t.knex, t.runtimeKnex]) {
      await expect(db('stored_file').where('ref', billRef).delete()).rejects.toThrow(/FISCAL_DOCUMENT_KEPT/);
      await expect(
        db('stored_file')
          .where('ref', billRef)
          .update({ data: Buffer.from('x') }),
      ).rejects.toThrow(/FISCAL_DOCUMENT_KEPT/);
    }
    await expect(
      t.knex('purged_file').insert({ ref: billRef, kind: 'bill', size: 1, storedAt: daysAgo(1) }),
    ).rejects.toThrow();
    expect(await t.knex('stored_file').where('ref', billRef).count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});

describe('grid history purge', () => {
  it('purges old unused versions, never a used or current one; skips one a booking holds', async () => {
    const grid = await t.knex('price_grid').where('placeTypeId', c.type).first('id', 'historyVersion');
    const s = await bookStay(t, c, c.places[2], '2031-08-01', '2031-08-04');
    const used = (await t.knex('occupancy').where('id', s.occupancyId).first('priceGridVersion')).priceGridVersion;
    expect(used).toBe(grid.historyVersion);
    for (const label of ['Avant-saison', 'Arrière-saison'])
      await postOk(t.admin, '/rest/price-grid-period', {
        priceGridId: grid.id,
        label,
        startDate: label === 'Avant-saison' ? '2031-05-01' : '2031-09-01',
        endDate: label === 'Avant-saison' ? '2031-06-01' : '2031-10-01',
        pricePerNight: 2000,
      });
    const versions = await t
      .knex('price_grid_version')
      .where('priceGridId', grid.id)
      .orderBy('historyVersion')
      .select('id', 'historyVersion');
    const current = (await t.knex('price_grid').where('id', grid.id).first('historyVersion')).historyVersion;
    const idOf = (v: number) => versions.find((x: { historyVersion: number }) => x.historyVersion === v)!.id;
    const free = idOf(current - 1);
    const before = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

    const p = await t.admin.get(`/rest/utilities/grid-history?before=${before}`);
    expect(p.status, p.text).toBe(200);
    const ids = p.body.candidates
      .filter((x: { priceGridId: number }) => x.priceGridId === grid.id)
      .map((x: { id: number }) => x.id);
    expect(ids).toContain(free);
    expect(ids).not.toContain(idOf(used));
    expect(ids).not.toContain(idOf(current));

    // Asked for directly, a used or current version is refused; in plain SQL too.
    for (const id of [idOf(used), idOf(current)]) {
      const r = await t.admin.post('/rest/utilities/grid-history/purge', { before, ids: [id] });
      expect(r.body.code).toBe('GRID_VERSION_IN_USE');
      await expect(t.runtimeKnex('price_grid_version').where('id', id).delete()).rejects.toThrow(/GRID_VERSION_IN_USE/);
    }

    // A booking moving onto the free version, not yet committed: the purge skips that version.
    const trx = await t.runtimeKnex.transaction();
    await trx('occupancy')
      .where('id', s.occupancyId)
      .update({ priceGridVersion: current - 1 });
    const skipped = await t.admin.post('/rest/utilities/grid-history/purge', { before, ids: [free] });
    expect(skipped.status, skipped.text).toBe(200);
    expect(skipped.body).toMatchObject({ purged: [], skipped: [{ id: free }] });
    await trx.rollback();

    const done = await t.admin.post('/rest/utilities/grid-history/purge', { before, ids: [free] });
    expect(done.body.purged.map((x: { id: number }) => x.id)).toEqual([free]);
    expect(
      await t
        .knex('purged_grid_version')
        .where({ priceGridId: grid.id, historyVersion: current - 1 })
        .first(),
    ).toBeTruthy();
    // A purged version can no longer be named by a stay.
    await expect(
      t
        .runtimeKnex('occupancy')
        .where('id', s.occupancyId)
        .update({ priceGridVersion: current - 1 }),
    ).rejects.toThrow(/GRID_VERSION_PURGED/);
  });
});

describe('V1 import', () => {
  const typeLabel = async () => (await t.knex('place_type').where('id', c.type).first('label')).label as string;
  const header =
    'type;id_externe;nom;prenom;email;ville;pays;code;libelle;type_emplacement;capacite;' +
    'client;emplacement;date_debut;date_fin;adultes;enfants;montant';
  const good = async (code: string) => [
    header,
    `client;V1-C1;Lefèvre;Hélène;helene@example.fr;Nantes;FR;;;;;;;;;;;`,
    `client;V1-C2;Dupont;Marc;;Lyon;fr;;;;;;;;;;;`,
    `emplacement;V1-P1;;;;;;${code};Pré du lac;${await typeLabel()};6;;;;;;;`,
    `sejour;V1-S1;;;;;;;;;;V1-C1;${code};02/06/2031;09/06/2031;2;1;420,00`,
    `sejour;V1-S2;;;;;;;;;;V1-C2;${code};2031-06-12;2031-06-15;2;;`,
  ];
  const b64 = (lines: string[], encoding: BufferEncoding = 'utf8') =>
    Buffer.from(lines.join('\r\n'), encoding).toString('base64');

  it('dry run: every refused line with its number and why, nothing written', async () => {
    const code = unique('V1A');
    const lines = [
      ...(await good(code)),
      'caravane;X1;;;;;;;;;;;;;;;;',
      `sejour;V1-S3;;;;;;;;;;V1-C9;${code};2031-06-20;2031-06-22;2;;`,
      `sejour;V1-S4;;;;;;;;;;V1-C1;${code};31/02/2031;2031-06-22;2;;`,
      // The last line books the new place over V1-S1's dates: the product's own validation refuses it.
      `sejour;V1-S5;;;;;;;;;;V1-C2;${code};2031-06-03;2031-06-05;2;;`,
    ];
    const r = await sys.post('/rest/utilities/import-v1', { content: b64(lines), dryRun: true });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ dryRun: true, encoding: 'UTF-8', lines: 9 });
    expect(r.body.created).toEqual({ customer: 2, place: 1, stay: 2 });
    expect(r.body.refused.map((x: { line: number }) => x.line)).toEqual([7, 8, 9, 10]);
    expect(r.body.refused[0].message).toMatch(/type « caravane » inconnu/);
    expect(r.body.refused[1].message).toMatch(/client « V1-C9 » absent/);
    expect(r.body.refused[2].message).toMatch(/date_debut « 31\/02\/2031 »/);
    expect(r.body.refused[3].message.length).toBeGreaterThan(5);
    expect(await t.knex('import_v1_key').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await t.knex('place').where('code', code).first()).toBeUndefined();

    // The real import of the same file: refused whole, nothing half-imported.
    const real = await sys.post('/rest/utilities/import-v1', { content: b64(lines), dryRun: false });
    expect(real.status).toBe(400);
    expect(real.body.code).toBe('IMPORT_FILE_REFUSED');
    expect(real.body.message).toMatch(/4 lignes refusées/);
    expect(real.body.report.refused).toHaveLength(4);
    expect(await t.knex('customer').where('lastName', 'Lefèvre').first()).toBeUndefined();
    expect(await t.knex('place').where('code', code).first()).toBeUndefined();
  });

  it('imports a Windows-1252 file all at once; a second import creates nothing twice', async () => {
    const code = unique('V1B');
    const content = b64(await good(code), 'latin1');
    const r = await sys.post('/rest/utilities/import-v1', { content, dryRun: false });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      encoding: 'Windows-1252',
      created: { customer: 2, place: 1, stay: 2 },
      refused: [],
    });
    const helene = await t.knex('customer').where({ lastName: 'Lefèvre', firstName: 'Hélène' }).first('id');
    expect(helene).toBeTruthy();
    const place = await t.knex('place').where('code', code).first('id');
    const stays = await t
      .knex('occupancy')
      .where('placeId', place.id)
      .orderBy('startDate')
      .select('startDate', 'amount');
    expect(stays.map((s: { startDate: string }) => s.startDate)).toEqual(['2031-06-02', '2031-06-12']);

    const again = await sys.post('/rest/utilities/import-v1', { content, dryRun: false });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({
      created: { customer: 0, place: 0, stay: 0 },
      skipped: { customer: 2, place: 1, stay: 2 },
    });
    expect(await t.knex('customer').where('lastName', 'Lefèvre').count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(await t.knex('occupancy').where('placeId', place.id).count({ n: '*' })).toEqual([{ n: 2 }]);
    expect((await t.admin.post('/rest/utilities/import-v1', { content, dryRun: true })).status).toBe(401);
  });
});
