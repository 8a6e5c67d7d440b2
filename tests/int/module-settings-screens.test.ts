// Module settings read by the screens' data and the files they make (issue 30, docs/history.md#issue-30): each test
// changes a setting through the module's record and sees the answer change — the
// document editor's font and page size on a stay's PDF, the gift module's article for
// the shop's vouchers, the cleaning mode and the control after cleaning, the planning's
// days and week numbers, the plan's legend, the VAT regime's returns.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { createdThroughEdit, postOk, unique } from './http-helpers';
import { bookStay, campsite, type Campsite } from './billing-fixtures';

let t: TestServer;
let c: Campsite;
beforeAll(async () => {
  t = await startTestServer();
  c = await campsite(t, 2);
});
afterAll(async () => t?.close());

const moduleIds: Record<string, number> = {};
/** The module's active record with these settings (created the first time, then changed). */
async function setModule(kind: string, settings: Record<string, unknown>) {
  const body = { kind, label: `Test ${kind}`, isActive: true, settings };
  if (!moduleIds[kind]) moduleIds[kind] = (await postOk(t.admin, '/rest/establishment/module', body)).id;
  else {
    const r = await t.admin.put(`/rest/establishment/module/${moduleIds[kind]}`, body);
    expect(r.status, r.text).toBe(200);
  }
}

describe('doc-editor module: the PDF of a stay document', () => {
  it('is printed in the font and on the page size set', async () => {
    const fn = await createdThroughEdit(t.admin, 'document-function-model', {
      functionCode: 'booking-confirmation',
      label: unique('Confirmation '),
    });
    const mc = await createdThroughEdit(t.admin, 'mailing-configuration', {
      documentFunctionModelId: fn.id,
      label: unique('Confirmation '),
      subject: 'Confirmation',
      body: '<p>Votre séjour est confirmé.</p>',
      attachDocument: true,
    });
    const stay = await bookStay(t, c, c.places[0], '2031-05-04', '2031-05-06');
    const dir = mkdtempSync(join(tmpdir(), 'bivouac-doc-'));
    const pdf = async () => {
      const r = await fetch(`${t.url}/rest/printing/${mc.id}/booking/${stay.bookingId}/0`, {
        headers: { Cookie: t.admin.cookie! },
      });
      expect(r.status).toBe(200);
      const file = join(dir, 'doc.pdf');
      writeFileSync(file, Buffer.from(await r.arrayBuffer()));
      return {
        size: /Page size:\s+([\d.]+ x [\d.]+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1],
        fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }),
        text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }),
      };
    };
    let d = await pdf();
    expect(d.size).toBe('595.28 x 841.89'); // A4
    expect(d.fonts).toContain('Roboto');
    await setModule('doc-editor', { defaultFont: 'Times', pageSize: 'A5' });
    d = await pdf();
    expect(d.size).toBe('419.53 x 595.28'); // A5
    expect(d.fonts).toContain('Times-Roman');
    expect(d.text).toContain('Votre séjour est confirmé.');
  });
});

describe('gift module: the article of vouchers sold on a shop', () => {
  it('an unknown shop article becomes the module’s gift article', async () => {
    const family = (await postOk(t.admin, '/rest/article-family', { label: unique('Cadeaux ') })).id;
    const code = unique('BC');
    const article = (
      await postOk(t.admin, '/rest/article', {
        code,
        label: unique('Bon cadeau '),
        articleFamilyId: family,
        price: 5000,
        giftType: 'value',
        giftValidityMonths: 12,
      })
    ).id;
    const row = async (ref: string) => {
      await postOk(t.admin, '/rest/sale-gift-import/csv', { csv: `${ref};Carte boutique;40,00;2026-11-20;Marc;` });
      return (await t.knex('sale_gift_import').where('externalCode', ref).first('articleId')).articleId;
    };
    expect(await row(unique('SHOP-'))).toBeNull();
    await setModule('gift', { articleCode: code.toLowerCase() });
    expect(await row(unique('SHOP-'))).toBe(article);
  });
});

describe('cleaning module: mode and control after cleaning', () => {
  it('mode « Prêt » makes every departure ready; a cleaning done brings its control when asked', async () => {
    const mh = (await t.knex('place_type').where('code', 'MH4').first('id')).id;
    const rental = (await postOk(t.admin, '/rest/place', { code: unique('L'), placeTypeId: mh, capacity: 4 })).id;
    await bookStay(t, c, rental, '2031-04-01', '2031-04-04');
    await bookStay(t, c, rental, '2031-04-10', '2031-04-12');
    const tasks = () =>
      t.knex('cleaning_task').where('placeId', rental).orderBy(['date', 'type']).select('id', 'date', 'type', 'mode');
    const sync = () => postOk(t.admin, '/rest/planning/cleaning/sync', { from: '2031-04-01', to: '2031-04-30' });
    await setModule('cleanning', { mode: 'free', controlAfterCleaning: false });
    await sync();
    expect((await tasks()).map((x) => x.mode)).toEqual(['free', 'free']);
    await setModule('cleanning', { mode: 'ready', controlAfterCleaning: false });
    await sync();
    const [first, second] = await tasks();
    expect([first.mode, second.mode]).toEqual(['ready', 'ready']);
    expect((await t.admin.put(`/rest/cleaning-task/${first.id}`, { status: 'done' })).status).toBe(200);
    expect((await tasks()).map((x) => x.type)).toEqual(['cleaning', 'cleaning']);
    await setModule('cleanning', { mode: 'ready', controlAfterCleaning: true });
    expect((await t.admin.put(`/rest/cleaning-task/${second.id}`, { status: 'done' })).status).toBe(200);
    expect((await tasks()).map((x) => [x.date, x.type])).toEqual([
      ['2031-04-04', 'cleaning'],
      ['2031-04-12', 'cleaning'],
      ['2031-04-12', 'control'],
    ]);
  });
});

describe('planning and plan modules: what the screens show', () => {
  it('the planning setup carries the days shown and the week numbers; the plan its legend', async () => {
    expect((await t.admin.get('/rest/planning/setup')).body.display).toEqual({
      defaultDays: 31,
      showWeekNumbers: true,
    });
    await setModule('planning', { defaultDays: 120, showWeekNumbers: false });
    expect((await t.admin.get('/rest/planning/setup')).body.display).toEqual({
      defaultDays: 120,
      showWeekNumbers: false,
    });
    await t.knex('plan').insert({ label: 'Plan du camping', markerSize: 22, showLegend: true });
    expect((await t.admin.get('/rest/planning/plan')).body.plan.showLegend).toBe(true);
    await setModule('plan', { showLegend: false });
    expect((await t.admin.get('/rest/planning/plan')).body.plan.showLegend).toBe(false);
  });
});

describe('VAT statement module: the regime', () => {
  it('réel normal: a CA3 a month; réel simplifié: one CA12 for the year', async () => {
    let s = (await t.admin.get('/rest/tva-statement-list?year=2031')).body;
    expect(s.regime).toBe('normal');
    expect(s.returns).toHaveLength(12);
    expect(s.returns[11]).toEqual({ form: 'CA3', from: '2031-12', to: '2031-12', vat: 0, dueMonth: '2032-01' });
    await setModule('preference-tva-statement', { regime: 'simplified' });
    s = (await t.admin.get('/rest/tva-statement-list?year=2031')).body;
    expect(s.returns).toEqual([{ form: 'CA12', from: '2031-01', to: '2031-12', vat: s.vatTotal, dueMonth: '2032-05' }]);
  });
});
