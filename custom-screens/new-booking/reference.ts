// Reference lists the wizard needs (age categories, animal and vehicle types, extras,
// equipment, channels, partners, discounts, tourist tax exemption reasons, place types
// and zones), read once per session. A list the user may not read is empty.
import { useQuery } from '@tanstack/react-query';
import { api, rest } from '../../admin/src/ui';
import type {
  AccessChannelRecord,
  AgeCategoryRecord,
  AnimalTypeRecord,
  DiscountRecord,
  EquipmentRecord,
  ExtraRecord,
  PartnerRecord,
  TouristTaxExemptionRecord,
  VehicleTypeRecord,
} from '../../common/generated/types';
import type { Setup } from '../planning/shared/model';

export interface References {
  ages: AgeCategoryRecord[];
  animals: AnimalTypeRecord[];
  vehicles: VehicleTypeRecord[];
  extras: ExtraRecord[];
  equipment: EquipmentRecord[];
  channels: AccessChannelRecord[];
  discounts: DiscountRecord[];
  /** a partner has a name, shown as its label */
  partners: (PartnerRecord & { label: string })[];
  exemptions: TouristTaxExemptionRecord[];
  placeTypes: Setup['types'];
  layouts: Setup['layouts'];
  features: Setup['features'];
  places: Setup['places'];
}

const list = <T>(base: string) => api<T[]>(`/${base}?range=[0,499]`).catch((): T[] => []);
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
          api<AgeCategoryRecord[]>('/age-category/active').catch(() => list<AgeCategoryRecord>('age-category')),
          list<AnimalTypeRecord>('animal-type'),
          list<VehicleTypeRecord>('vehicle-type'),
          api<ExtraRecord[]>('/extra/active').catch(() => list<ExtraRecord>('extra')),
          api<EquipmentRecord[]>('/equipment/active').catch(() => list<EquipmentRecord>('equipment')),
          api<AccessChannelRecord[]>('/access-channel/active').catch(() => list<AccessChannelRecord>('access-channel')),
          list<DiscountRecord>('discount'),
          api<PartnerRecord[]>('/partner/active').catch(() => list<PartnerRecord>('partner')),
          api<TouristTaxExemptionRecord[]>('/tourist-tax-exemption/active').catch(
            (): TouristTaxExemptionRecord[] => [],
          ),
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
