// Meters and pictures of the demo places: electricity and water meters on the
// residential pitches and the rentals (the meter types of reference/residential.ts),
// and a drawn picture of each rental (two for the first of each type), stored like
// uploaded images (api/domain/catalogue/place-images.ts), in the database.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { putFile } from '../files/store';
import { rentalPicture, type Rgb } from './png';
import { bulkInsert } from './stays-random';
import type { Meter, MeterTypeRecord } from '../../common/generated/types';
interface Place {
  id: number;
  code: string;
  typeCode: string;
  isRental: boolean;
  isResidential: boolean;
}

export async function seedDemoMeters(knex: Knex, places: Place[]): Promise<void> {
  const types = new Map<string, number>(
    (await knex('meter_type').select('id', 'label')).map((t: Pick<MeterTypeRecord, 'id' | 'label'>) => [t.label, t.id]),
  );
  const elec = types.get('Électricité');
  const water = types.get('Eau');
  const rows: Partial<Meter>[] = [];
  for (const p of places.filter((x) => x.isRental || x.isResidential)) {
    // Residents' meters were set when their mobile homes arrived; the rentals' with the park.
    const installedOn = p.isResidential ? `20${String(12 + (p.id % 9)).padStart(2, '0')}-03-15` : '2019-04-01';
    if (elec) rows.push({ placeId: p.id, meterTypeId: elec, number: `EL-${p.code}`, installedOn, isActive: true });
    if (water) rows.push({ placeId: p.id, meterTypeId: water, number: `EAU-${p.code}`, installedOn, isActive: true });
  }
  // One rental had its electricity meter replaced: the old one is kept, removed and inactive.
  const replaced = places.find((p) => p.isRental);
  if (replaced && elec) {
    rows.push({
      placeId: replaced.id,
      meterTypeId: elec,
      number: `EL-${replaced.code}-ANC`,
      installedOn: '2012-04-01',
      removedOn: '2019-04-01',
      isActive: false,
      notes: 'Remplacé par un compteur communicant',
    });
  }
  await bulkInsert(knex, 'meter', rows);
}

const LOOKS: Record<string, { wall: Rgb; roof: Rgb }> = {
  MH4: { wall: [236, 222, 196], roof: [150, 60, 50] },
  MH6: { wall: [245, 245, 240], roof: [90, 100, 110] },
  CHALET: { wall: [176, 122, 74], roof: [95, 60, 40] },
  LODGE: { wall: [214, 200, 160], roof: [120, 110, 80] },
};

export async function seedDemoImages(knex: Knex, places: Place[]): Promise<void> {
  const seen = new Set<string>();
  for (const p of places.filter((x) => x.isRental)) {
    const look = LOOKS[p.typeCode] ?? LOOKS.MH4;
    const count = seen.has(p.typeCode) ? 1 : 2;
    seen.add(p.typeCode);
    const images: string[] = [];
    for (let i = 0; i < count; i++) {
      const ref = `place-${p.id}/${randomBytes(16).toString('hex')}.png`;
      await putFile(knex, ref, 'image/png', rentalPicture(look.wall, look.roof, p.id + i * 7));
      images.push(ref);
    }
    await knex('place')
      .where('id', p.id)
      .update({ images: JSON.stringify(images) });
  }
}
