// Demo data of the planning area: the site plan (a drawn PNG matching the places'
// plan positions of api/demo/catalogue.ts — zones, paths, trees, the pond, the
// beach), the cleaning staff, and the cleaning tasks of the departures around today
// (synced from the stays, then assigned and advanced as a morning's work would be).
import type { Knex } from 'knex';
import { deflateSync } from 'node:zlib';
import { addDays, todayParis } from '../../common/dates';
import { syncDepartureTasks } from '../domain/planning/cleaning';
import { Random } from './stays-random';

// ---- a tiny PNG painter (RGB, no dependency) ---------------------------------
type RGB = [number, number, number];

export class Canvas {
  readonly px: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    bg: RGB,
  ) {
    this.px = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, bg);
  }
  rect(x: number, y: number, w: number, h: number, c: RGB): void {
    const x0 = Math.max(0, Math.floor(x)),
      y0 = Math.max(0, Math.floor(y));
    const x1 = Math.min(this.width, Math.ceil(x + w)),
      y1 = Math.min(this.height, Math.ceil(y + h));
    for (let j = y0; j < y1; j++) for (let i = x0; i < x1; i++) this.px.set(c, (j * this.width + i) * 3);
  }
  disc(cx: number, cy: number, r: number, c: RGB, ry = r): void {
    for (let j = Math.floor(cy - ry); j <= cy + ry; j++) {
      for (let i = Math.floor(cx - r); i <= cx + r; i++) {
        if (i < 0 || j < 0 || i >= this.width || j >= this.height) continue;
        if (((i - cx) / r) ** 2 + ((j - cy) / ry) ** 2 <= 1) this.px.set(c, (j * this.width + i) * 3);
      }
    }
  }
  png(): Buffer {
    const crcTable = Array.from({ length: 256 }, (_, n) => {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      return c >>> 0;
    });
    const crc = (b: Buffer) => {
      let c = 0xffffffff;
      for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
      return (c ^ 0xffffffff) >>> 0;
    };
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const c = Buffer.alloc(4);
      c.writeUInt32BE(crc(td));
      return Buffer.concat([len, td, c]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    ihdr[10] = 0;
    ihdr[11] = 0;
    ihdr[12] = 0;
    const raw = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let j = 0; j < this.height; j++) {
      raw[j * (this.width * 3 + 1)] = 0;
      Buffer.from(this.px.buffer, j * this.width * 3, this.width * 3).copy(raw, j * (this.width * 3 + 1) + 1);
    }
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw, { level: 6 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

/** The demo campsite's map: 960 × 560 px, in the coordinates of the demo places (catalogue.ts). */
export function demoPlanImage(): Buffer {
  const rnd = new Random(21);
  const c = new Canvas(960, 560, [214, 232, 196]);
  const path: RGB = [236, 226, 204];
  const zone = (x: number, y: number, w: number, h: number, col: RGB) => c.rect(x, y, w, h, col);
  zone(0, 0, 380, 210, [196, 222, 176]); // A Les Pins
  zone(400, 0, 320, 210, [220, 232, 190]); // B La Plage
  zone(0, 240, 320, 170, [204, 228, 186]); // C Le Verger
  zone(400, 240, 360, 190, [226, 218, 200]); // rentals
  zone(760, 0, 200, 130, [210, 210, 222]); // residents
  zone(880, 140, 80, 420, [246, 228, 170]); // the beach
  zone(930, 140, 30, 420, [125, 180, 220]); // the sea
  c.rect(0, 212, 880, 26, path);
  c.rect(382, 0, 16, 560, path);
  c.rect(0, 430, 880, 22, path);
  c.disc(170, 500, 90, [120, 176, 214], 40); // the pond
  c.rect(560, 470, 140, 70, [190, 150, 120]); // reception
  c.rect(740, 470, 100, 70, [170, 170, 180]); // sanitary block
  for (let i = 0; i < 90; i++) {
    const x = rnd.int(0, 880),
      y = rnd.int(0, 560);
    c.disc(x, y, rnd.int(4, 8), [88 + rnd.int(0, 30), 140 + rnd.int(0, 30), 80]);
  }
  return c.png();
}

const STAFF = [
  ['Durand', 'Amélie', 'cleaning', '#7c3aed'],
  ['Moreau', 'Bruno', 'cleaning', '#0369a1'],
  ['Lefèvre', 'Chloé', 'cleaning', '#be185d'],
  ['Benali', 'Driss', 'cleaning', '#b45309'],
  ['Garnier', 'Émile', 'technical', '#15803d'],
  ['Roux', 'Fatou', 'technical', '#1d4ed8'],
] as const;

export async function seedPlanningDemo(knex: Knex, opts: { today?: string } = {}): Promise<void> {
  const today = opts.today ?? todayParis();
  const png = demoPlanImage();
  const [plan] = await knex('plan')
    .insert({
      label: 'Plan du camping',
      imageMime: 'image/png',
      imageWidth: 960,
      imageHeight: 560,
      imageUpdatedAt: knex.fn.now(),
      markerSize: 22,
      showLegend: true,
    })
    .returning('id');
  await knex('plan_image').insert({ planId: plan.id, mime: 'image/png', data: png });
  const users: { id: number; team: string }[] = await knex('cleaning_user')
    .insert(
      STAFF.map(([lastName, firstName, team, color], i) => ({
        lastName,
        firstName,
        team,
        color,
        order: i + 1,
        isActive: true,
      })),
    )
    .returning(['id', 'team']);
  await syncDepartureTasks(knex, addDays(today, -7), addDays(today, 31));
  // A morning's work: the past done, today's under way, the coming days assigned in turns.
  const cleaners = users.filter((u) => u.team === 'cleaning').map((u) => u.id);
  const tech = users.filter((u) => u.team === 'technical').map((u) => u.id);
  const tasks: { id: number; date: string; type: string }[] = await knex('cleaning_task')
    .orderBy('date')
    .orderBy('id')
    .select('id', 'date', 'type');
  const rnd = new Random(31);
  const byStatus = new Map<string, number[]>();
  const byUser = new Map<number, number[]>();
  tasks.forEach((t, i) => {
    const who = t.type === 'cleaning' ? cleaners[i % cleaners.length] : tech[i % tech.length];
    const assign = t.date <= addDays(today, 3) || rnd.chance(0.5);
    const status =
      t.date < today
        ? 'done'
        : t.date === today
          ? rnd.pick(['done', 'in-progress', 'taken', 'todo'])
          : assign
            ? 'taken'
            : 'todo';
    if (assign && who) byUser.set(who, [...(byUser.get(who) ?? []), t.id]);
    byStatus.set(status, [...(byStatus.get(status) ?? []), t.id]);
  });
  for (const [userId, ids] of byUser) await knex('cleaning_task').whereIn('id', ids).update({ cleaningUserId: userId });
  for (const [status, ids] of byStatus) {
    await knex('cleaning_task')
      .whereIn('id', ids)
      .update({ status, doneAt: status === 'done' ? knex.fn.now() : null });
  }
  // Two interventions by hand.
  const places: { id: number; code: string }[] = await knex('place')
    .whereIn('code', ['L03', 'B12', 'A07'])
    .select('id', 'code');
  const manual = places.slice(0, 2).map((p, i) => ({
    placeId: p.id,
    date: addDays(today, i + 1),
    type: 'inter',
    status: 'todo',
    mode: 'free',
    source: 'manual',
    cleaningUserId: tech[i % tech.length] ?? null,
    notes: i === 0 ? 'Vérifier la terrasse après travaux' : 'Réparer la borne électrique',
  }));
  if (manual.length) await knex('cleaning_task').insert(manual).onConflict(['place_id', 'date', 'type']).ignore();
}
