// Shared set-up of the channel tests: a place type of its own with places, an access
// channel, and channel modules (Pitchup against the fake, a webhook channel).
import type { TestServer } from './harness';
import { sign } from '../../api/domain/channels/webhook';
import { loadChannel, type ChannelConfig } from '../../api/domain/channels/config';

let n = 0;

export async function channelPlaces(
  t: TestServer,
  count: number,
): Promise<{ placeTypeId: number; placeIds: number[] }> {
  const k = t.knex;
  const code = `CH${++n}${Date.now() % 1000}`;
  const base = await k('place_type').orderBy('id').first();
  const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...copy } = base;
  const [type] = await k('place_type')
    .insert({ ...copy, code: code.slice(0, 10), label: `Type canal ${code}` })
    .returning('id');
  // The type's grid: a copy of the first grid of the base type, so stays can be priced.
  const grid = await k('price_grid').where('placeTypeId', base.id).orderBy('id').first();
  if (grid) {
    const { id: gid, createdAt: _gc, updatedAt: _gu, version: _gv, ...g } = grid;
    const [copyGrid] = await k('price_grid')
      .insert({ ...g, placeTypeId: type.id, label: `Grille ${code}`, partnerIds: JSON.stringify(g.partnerIds ?? []) })
      .returning('id');
    const periods = await k('price_grid_period').where('priceGridId', gid);
    for (const p of periods) {
      const { id: _pid, createdAt: _pc, updatedAt: _pu, version: _pv, ...rest } = p;
      await k('price_grid_period').insert({
        ...rest,
        priceGridId: copyGrid.id,
        arrivalDays: JSON.stringify(rest.arrivalDays ?? []),
        departureDays: JSON.stringify(rest.departureDays ?? []),
      });
    }
  }
  const placeIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const [p] = await k('place')
      .insert({ code: `${code}-${i}`.slice(0, 10), placeTypeId: type.id, capacity: 8, isActive: true })
      .returning('id');
    placeIds.push(p.id);
  }
  return { placeTypeId: type.id, placeIds };
}

export async function accessChannel(t: TestServer, code: string): Promise<number> {
  const [row] = await t
    .knex('access_channel')
    .insert({ code, label: `Canal ${code}`, isOnline: true })
    .returning('id');
  return row.id;
}

export async function channelModule(
  t: TestServer,
  label: string,
  provider: string,
  settings: Record<string, unknown>,
): Promise<ChannelConfig> {
  const [row] = await t
    .knex('module_config')
    .insert({ kind: 'online-booking', label, provider, isActive: true, settings: JSON.stringify(settings) })
    .returning('id');
  return (await loadChannel(t.knex, row.id))!;
}

export async function mapType(t: TestServer, moduleId: number, externalCode: string, placeTypeId: number) {
  await t.knex('channel_mapping').insert({ moduleId, kind: 'place-type', externalCode, placeTypeId });
}

/** Posts a booking to a channel's webhook, signed with `secret` (or not at all). */
export async function postWebhook(t: TestServer, moduleId: number, body: unknown, secret: string | null) {
  const text = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Bivouac-Timestamp': ts };
  if (secret) headers['X-Bivouac-Signature'] = sign(secret, ts, text);
  const res = await fetch(`${t.url}/rest/channel-hook/${moduleId}`, { method: 'POST', headers, body: text });
  return { status: res.status, body: await res.json().catch(() => null) };
}
