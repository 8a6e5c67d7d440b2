// §8 (docs/errors.md#messages) « partner channel not mapped to a manager » (issue 28, docs/channels.md): a booking
// received from a channel that takes a commission without a manager/partner mapped, or mapped to a
// partner that does not exist, waits in the queue with that reason, shown on the online
// booking (/booking-import/{id}); mapped, the next booking is integrated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { accessChannel, channelModule, channelPlaces, mapType, postWebhook } from './channels-fixtures';
import { formatMessage } from '../../common/messages';

let t: TestServer;
const SECRET = 'secret-du-canal-partenaire';

const booking = (id: string, arrival: string, departure: string) => ({
  event: 'booking',
  booking: {
    id,
    status: 'confirmed',
    modifiedAt: new Date().toISOString(),
    roomType: 'CHALET',
    arrival,
    departure,
    guest: { lastName: `Martin${id}`, firstName: 'Paul', email: `${id.toLowerCase()}@example.fr`, country: 'FR' },
    adults: 2,
    children: 0,
    childAges: [],
    currency: 'EUR',
    total: 30000,
    collected: 30000,
    commission: 4500,
    lines: [{ kind: 'accommodation', label: 'Chalet, 3 nuits', quantity: 1, amount: 30000 }],
  },
});

beforeAll(async () => {
  t = await startTestServer();
}, 120_000);
afterAll(async () => t?.close());

describe('partner channel not mapped to a manager', () => {
  it('queues the booking with the §8 message until the channel is mapped to a partner', async () => {
    const { placeTypeId } = await channelPlaces(t, 3);
    const access = await accessChannel(t, 'DEDGE');
    const ch = await channelModule(t, 'D-Edge', 'D-Edge', {
      connector: 'webhook',
      webhookSecret: SECRET,
      accessChannelId: access,
      commissionRate: 1500,
    });
    await mapType(t, ch.id, 'CHALET', placeTypeId);
    const text = formatMessage('PARTNER_CHANNEL_NOT_MAPPED');
    expect(text).toBe('Canal partenaire non associé à un gestionnaire');

    const r = await postWebhook(t, ch.id, booking('DE1', '2031-07-01', '2031-07-04'), SECRET);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.outcome).toBe('problem');
    const imp = await t.knex('booking_import').where({ channelModuleId: ch.id, externalRef: 'DE1' }).first();
    expect(imp.bookingId).toBeNull();
    // The online booking screen reads the import with its reason.
    const shown = await t.admin.get(`/rest/booking-import/${imp.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.problem).toBe(text);

    // Mapped to a partner that does not exist: the same reason.
    const base = '/rest/establishment/module';
    const read = (await t.admin.get(`${base}/${ch.id}`)).body;
    const missing = await t.admin.put(`${base}/${ch.id}`, {
      ...read,
      settings: { ...read.settings, partnerId: 999999 },
    });
    expect(missing.status, missing.text).toBe(200);
    const r2 = await postWebhook(t, ch.id, booking('DE2', '2031-07-05', '2031-07-08'), SECRET);
    expect(r2.body.outcome).toBe('problem');
    expect((await t.knex('booking_import').where({ externalRef: 'DE2' }).first()).problem).toBe(text);

    // Mapped to a real manager: integrated, with its partner.
    const typeId =
      (await t.knex('partner_type').first('id'))?.id ??
      (await t.admin.post('/rest/partner-type', { label: 'Gestionnaires' })).body.id;
    const partner = await t.admin.post('/rest/partner', { name: 'D-Edge gestion', partnerTypeId: typeId });
    expect(partner.status, partner.text).toBe(200);
    const again = (await t.admin.get(`${base}/${ch.id}`)).body;
    const mapped = await t.admin.put(`${base}/${ch.id}`, {
      ...again,
      settings: { ...again.settings, partnerId: partner.body.id },
    });
    expect(mapped.status, mapped.text).toBe(200);
    const r3 = await postWebhook(t, ch.id, booking('DE3', '2031-07-10', '2031-07-13'), SECRET);
    expect(r3.body.outcome).toBe('integrated');
    const ok = await t.knex('booking_import').where({ externalRef: 'DE3' }).first();
    expect(ok.problem).toBeNull();
    expect(ok.bookingId).not.toBeNull();
  });
});
