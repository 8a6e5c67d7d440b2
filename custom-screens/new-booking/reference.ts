// Reference lists the wizard needs (age categories, animal and vehicle types, extras,
// equipment, channels, partners, discounts, tourist tax exemption reasons, place types
// and zones), read once per session. A list the user may not read is empty.
import { useQuery } from '@tanstack/react-query';
import { records, rest, type EntityName, type EntityRecord } from '../../admin/src/ui';
import type { Setup } from '../planning/shared/model';

export interface References {
  ages: EntityRecord<'age-category'>[];
  animals: EntityRecord<'animal-type'>[];
  vehicles: EntityRecord<'vehicle-type'>[];
  extras: EntityRecord<'extra'>[];
  equipment: EntityRecord<'equipment'>[];
  channels: EntityRecord<'access-channel'>[];
  discounts: EntityRecord<'discount'>[];
  /** a partner has a name, shown as its label */
  partners: (EntityRecord<'partner'> & { label: string })[];
  exemptions: EntityRecord<'tourist-tax-exemption'>[];
  placeTypes: Setup['types'];
  layouts: Setup['layouts'];
  features: Setup['features'];
  places: Setup['places'];
}

const list = <E extends EntityName>(entity: E) =>
  records.list(entity, { range: [0, 499] }).catch((): EntityRecord<E>[] => []);
/** The active rows, or all of them where the entity has no active flag. */
const active = <E extends EntityName>(entity: E) => records.active(entity).catch(() => list(entity));
const NO_SETUP: Pick<Setup, 'types' | 'layouts' | 'features' | 'places'> = {
  types: [],
  layouts: [],
  features: [],
  places: [],
};
const byOrder = (a: { order: number; label: string }, b: { order: number; label: string }) =>
  (a.order ?? 0) - (b.order ?? 0) || String(a.label).localeCompare(String(b.label), 'fr');

export function useReferences(): References | undefined {
  const { data } = useQuery({
    queryKey: ['new-booking-references'],
    staleTime: 300_000,
    queryFn: async (): Promise<References> => {
      const [ages, animals, vehicles, extras, equipment, channels, discounts, partners, exemptions, setup] =
        await Promise.all([
          active('age-category'),
          list('animal-type'),
          list('vehicle-type'),
          active('extra'),
          active('equipment'),
          active('access-channel'),
          list('discount'),
          active('partner'),
          records.active('tourist-tax-exemption').catch((): EntityRecord<'tourist-tax-exemption'>[] => []),
          rest('get', '/planning/setup').catch(() => NO_SETUP),
        ]);
      return {
        ages: [...ages].sort(byOrder),
        animals,
        vehicles,
        extras: [...extras].sort(byOrder),
        equipment: [...equipment].sort(byOrder),
        channels: [...channels].sort(byOrder),
        discounts,
        partners: partners.map((p) => ({ ...p, label: p.name })),
        exemptions,
        placeTypes: setup.types ?? [],
        layouts: setup.layouts ?? [],
        features: setup.features ?? [],
        places: setup.places ?? [],
      };
    },
  });
  return data;
}
