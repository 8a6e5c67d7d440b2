// Allotments subtracted (issue 28, docs/channels.md): what a channel may sell is the free places of the
// type less the places held back by partner allotments for other partners than the
// channel's (not yet released), each place once, never below 0 — on the availability
// computation and on the allocation the fake Pitchup server receives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { startFakePitchup, type FakePitchup } from './fakes/pitchup';
import { channelModule, channelPlaces, mapType } from './channels-fixtures';
import { runOperation } from '../../api/domain/channels/runner';
import { freeByNight } from '../../api/domain/channels/availability';

let t: TestServer;
let fake: FakePitchup;

beforeAll(async () => {
  t = await startTestServer();
  fake = await startFakePitchup();
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

async function partner(name: string): Promise<number> {
  const typeId =
    (await t.knex('partner_type').first('id'))?.id ??
    (await t.admin.post('/rest/partner-type', { label: `Type ${name}` })).body.id;
  const r = await t.admin.post('/rest/partner', { name, partnerTypeId: typeId });
  expect(r.status, r.text).toBe(200);
  return r.body.id;
}

async function allot(partnerId: number, placeId: number, startDate: string, endDate: string, releaseDate?: string) {
  const r = await t.admin.post('/rest/partner-allotment', { partnerId, placeId, startDate, endDate, releaseDate });
  expect(r.status, r.text).toBe(200);
}

describe('allotments and channel availability', () => {
  it('subtracts the places allotted to other partners, once each, never below 0', async () => {
    const { placeTypeId, placeIds } = await channelPlaces(t, 4);
    const own = await partner('Agence du canal');
    const other = await partner('Tour-opérateur');
    const ch = await channelModule(t, 'Pitchup allotements', 'Pitchup', {
      connector: 'pitchup',
      apiUrl: fake.url,
      apiKey: fake.key,
      partnerId: own,
      pushAvailability: true,
    });
    await mapType(t, ch.id, '101', placeTypeId);
    // Another partner holds two places for 10–13 March; the channel's own partner a third.
    await allot(other, placeIds[0], '2027-03-10', '2027-03-13');
    await allot(other, placeIds[1], '2027-03-10', '2027-03-12');
    await allot(own, placeIds[2], '2027-03-10', '2027-03-13');
    // Released already: back on sale.
    await allot(other, placeIds[3], '2027-03-10', '2027-03-13', '2026-01-01');
    // The whole type held by the other partner on 20 March: 0, not less.
    for (const p of placeIds) await allot(other, p, '2027-03-20', '2027-03-21');

    const free = async (partnerId: number | null) =>
      Object.fromEntries(
        (await freeByNight(t.knex, [placeTypeId], '2027-03-09', '2027-03-21', partnerId)).map((r) => [r.date, r.free]),
      );
    const mine = await free(own);
    expect([mine['2027-03-09'], mine['2027-03-10'], mine['2027-03-11'], mine['2027-03-12']]).toEqual([4, 2, 2, 3]);
    expect([mine['2027-03-13'], mine['2027-03-20']]).toEqual([4, 0]);
    // No partner: every allotment not released holds its place.
    expect((await free(null))['2027-03-10']).toBe(1);

    const run = await runOperation(t.knex, ch, 'push-availability', { full: true });
    expect(run.ok).toBe(true);
    const sent = (date: string) =>
      fake.allocations.filter((a) => a.date === date && a.pitchtype.endsWith('/pitchtype/101/')).at(-1)?.max_allocation;
    expect(['2027-03-09', '2027-03-10', '2027-03-12', '2027-03-13', '2027-03-20'].map(sent)).toEqual([4, 2, 3, 4, 0]);
  });
});
