// The record types api/rest/entities.ts derives from an entity's name (generated map
// common/generated/types/entity-map.ts): checked by the compiler (tsc runs over tests/), the
// registrations asserted at run time too so the file is a test vitest counts.
import { expect, expectTypeOf, it } from 'vitest';
import type { Knex } from 'knex';
import { entityMeta, hooksFor, registerHooks, type DraftOf, type RecordOf } from '../../../api/rest/entities';
import type { saveRecord } from '../../../api/rest/write';
import type { Booking, BookingRecord, OccupancyRecord } from '../../../common/generated/types/index';

it("types a hook's records by the entity it is registered for", () => {
  const seen: string[] = [];
  registerHooks('booking', {
    beforeSave(rec, existing) {
      expectTypeOf(rec).toEqualTypeOf<Omit<Booking, 'id' | 'createdAt' | 'updatedAt' | 'version'>>();
      expectTypeOf(existing).toEqualTypeOf<BookingRecord | null>();
      seen.push(`before ${rec.kind}`);
    },
    afterDelete(existing) {
      expectTypeOf(existing).toEqualTypeOf<BookingRecord>();
    },
  });
  for (const h of hooksFor('booking')) void h.beforeSave?.({ kind: 'quote' }, null, {} as never);
  expect(seen).toEqual(['before quote']);
  expect(() => registerHooks('no-such-entity', {})).toThrow('unknown entity no-such-entity');
});

it('keeps records loose where the entity is only known at run time', () => {
  expectTypeOf<RecordOf<string>>().toEqualTypeOf<DraftOf<string>>();
  expectTypeOf<RecordOf<'occupancy'>>().toEqualTypeOf<OccupancyRecord>();
  expectTypeOf(entityMeta('occupancy').name).toEqualTypeOf<'occupancy'>();
});

it("types a save's answer by the metadata it is given", () => {
  type Save = typeof saveRecord<'booking'>;
  expectTypeOf<Awaited<ReturnType<Save>>>().toEqualTypeOf<BookingRecord>();
  expectTypeOf<Parameters<Save>[0]>().toEqualTypeOf<Knex>();
});
