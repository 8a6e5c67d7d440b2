// Customer relations (§2 (docs/screens.md) General, /grc/{grcId}): the follow-ups the GRC screen lists are
// the grc-history rows of that record only, newest first, through the generic list with
// its grcId filter; « Ajouter un suivi » creates one through the generic create; a new
// GRC record's defaults (the screen dates it today itself).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { postOk } from './http-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('GRC follow-ups', () => {
  it('lists the follow-ups of one record only, newest first, and adds one', async () => {
    const customerId = (await postOk(t.admin, '/rest/customer', { lastName: 'Suivi', firstName: 'Léa' })).id;
    const grc = async (subject: string) =>
      (await postOk(t.admin, '/rest/grc', { customerId, subject, openedOn: '2031-05-02' })).id;
    const [a, b] = [await grc('Demande de devis'), await grc('Réclamation douche')];
    await postOk(t.admin, '/rest/grc-history', { grcId: a, date: '2031-05-02', channel: 'phone', note: 'Rappelé' });
    await postOk(t.admin, '/rest/grc-history', {
      grcId: b,
      date: '2031-05-03',
      channel: 'email',
      note: 'Autre dossier',
    });
    await postOk(t.admin, '/rest/grc-history', {
      grcId: a,
      date: '2031-05-04',
      channel: 'email',
      note: 'Devis envoyé',
    });
    const q = new URLSearchParams({
      filter: JSON.stringify({ grcId: a }),
      sort: JSON.stringify(['date', 'DESC']),
      range: '[0,199]',
    });
    const rows = (await t.admin.get(`/rest/grc-history?${q}`)).body as { grcId: number; date: string; note: string }[];
    expect(rows.map((r) => [r.grcId, r.date, r.note])).toEqual([
      [a, '2031-05-04', 'Devis envoyé'],
      [a, '2031-05-02', 'Rappelé'],
    ]);
    const empty = await t.admin.post('/rest/grc-history', { grcId: a, date: '2031-05-05', channel: 'phone', note: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty('note');
  });

  it('a new record opens with its defaults: open, by phone, a contact', async () => {
    const rec = (await t.admin.get('/rest/grc/edit/0')).body;
    expect(rec).toMatchObject({ id: 0, status: 'open', channel: 'phone', kind: 'contact' });
  });
});
