// Secrets never leave the server in clear (issue 28, docs/channels.md): a channel's API key and webhook
// secret, and the token in a channel's iCal feed address, are answered masked by every
// generic route (get, edit, list, search, CSV export, the saved record), and saving the
// masked value back keeps the stored secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { channelModule } from './channels-fixtures';
import { loadChannel, mappingsOf } from '../../api/domain/channels/config';

let t: TestServer;
const KEY = 'pk_live_0123456789abcdefWXYZ';
const SECRET = 'whsec-tres-secret-9876';
const FEED = 'https://www.example-channel.fr/ical/feed.ics?token=abcdef0123456789QRST';

beforeAll(async () => {
  t = await startTestServer();
}, 120_000);
afterAll(async () => t?.close());

describe('channel secrets', () => {
  it('never answers a key, a secret or a feed token in clear, and keeps them when saved back masked', async () => {
    const ch = await channelModule(t, 'Pitchup secret', 'Pitchup', {
      connector: 'pitchup',
      apiKey: KEY,
      webhookSecret: SECRET,
      siteId: 'camping-test',
    });
    const [m] = await t
      .knex('channel_mapping')
      .insert({ moduleId: ch.id, kind: 'place-feed', externalCode: 'EMP-1', feedUrl: FEED })
      .returning('id');
    const clear = (text: string) => [KEY, SECRET, FEED, 'abcdef0123456789'].filter((s) => text.includes(s));

    const base = '/rest/establishment/module';
    const reads = [
      await t.admin.get(`${base}/${ch.id}`),
      await t.admin.get(`${base}/edit/${ch.id}`),
      await t.admin.get(`${base}?range=[0,999]`),
      await t.admin.post(`${base}/search`, { pageSize: 500 }),
      await t.admin.get(`${base}/export`),
      await t.admin.get(`/rest/channel-mapping/${m.id}`),
      await t.admin.get(`/rest/channel-mapping?range=[0,999]`),
      await t.admin.post(`/rest/channel-mapping/search`, { pageSize: 500 }),
      await t.admin.get(`/rest/channel-mapping/export`),
      await t.admin.get(`/rest/channel-mapping/module/${ch.id}`),
    ];
    for (const r of reads) {
      expect(r.status).toBe(200);
      expect(clear(r.text)).toEqual([]);
    }
    const got = reads[0].body;
    expect(got.settings.apiKey).toBe('••••WXYZ');
    expect(got.settings.webhookSecret).toBe('••••9876');
    expect(got.settings.siteId).toBe('camping-test');
    expect(reads[3].text).toContain('••••WXYZ');
    expect(reads[5].body.feedUrl).toBe('••••QRST');

    // The screen saves the record as read with another field changed: the secrets stay.
    const saved = await t.admin.put(`${base}/${ch.id}`, {
      ...got,
      settings: { ...got.settings, siteId: 'camping-autre' },
    });
    expect(saved.status).toBe(200);
    expect(clear(saved.text)).toEqual([]);
    let cfg = (await loadChannel(t.knex, ch.id))!;
    expect([cfg.apiKey, cfg.webhookSecret, cfg.siteId]).toEqual([KEY, SECRET, 'camping-autre']);
    const map = reads[5].body;
    const ms = await t.admin.put(`/rest/channel-mapping/${m.id}`, { ...map, externalLabel: 'Emplacement 1' });
    expect(ms.status).toBe(200);
    expect((await mappingsOf(t.knex, ch.id))[0]).toMatchObject({ feedUrl: FEED, externalLabel: 'Emplacement 1' });

    // A new key typed replaces it; the history of the change keeps it masked too.
    const again = (await t.admin.get(`${base}/${ch.id}`)).body;
    const typed = await t.admin.put(`${base}/${ch.id}`, {
      ...again,
      settings: { ...again.settings, apiKey: 'pk_live_nouvelle_cle_1111' },
    });
    expect(typed.status).toBe(200);
    expect(typed.body.settings.apiKey).toBe('••••1111');
    cfg = (await loadChannel(t.knex, ch.id))!;
    expect(cfg.apiKey).toBe('pk_live_nouvelle_cle_1111');
    const hist = await t.knex('post_history').where({ entity: 'module', recordId: ch.id });
    expect(clear(JSON.stringify(hist))).toEqual([]);
    expect(JSON.stringify(hist)).not.toContain('pk_live_nouvelle_cle_1111');
  });
});
