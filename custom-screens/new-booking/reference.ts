// Reference lists the wizard needs (age categories, animal and vehicle types, extras,
// equipment, channels, partners, discounts, tourist tax exemption reasons, place types
// and zones), read once per session. A list the user may not read is empty.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../admin/src/ui';

export interface Ref {
  id: number;
  label: string;
  [k: string]: any;
}
export interface References {
  ages: Ref[];
  animals: Ref[];
  vehicles: Ref[];
  extras: Ref[];
  equipment: Ref[];
  channels: Ref[];
  discounts: Ref[];
  partners: Ref[];
  exemptions: Ref[];
  placeTypes: Ref[];
  layouts: Ref[];
  features: Ref[];
  places: { id: number; code: string; isRental: boolean; placeTypeId: number }[];
}

const list = (base: string) => api<Ref[]>(`/${base}?range=[0,499]`).catch(() => [] as Ref[]);

export function useReferences(): References | undefined {
  const { data } = useQuery({
    queryKey: ['new-booking-references'],
    staleTime: 300_000,
    queryFn: async (): Promise<References> => {
      const [ages, animals, vehicles, extras, equipment, channels, discounts, partners, exemptions, setup] =
        await Promise.all([
          api<Ref[]>('/age-category/active').catch(() => list('age-category')),
          list('animal-type'),
          list('vehicle-type'),
          api<Ref[]>('/extra/active').catch(() => list('extra')),
          api<Ref[]>('/equipment/active').catch(() => list('equipment')),
          api<Ref[]>('/access-channel/active').catch(() => list('access-channel')),
          list('discount'),
          api<Ref[]>('/partner/active').catch(() => list('partner')),
          api<Ref[]>('/tourist-tax-exemption/active').catch(() => [] as Ref[]),
          api<any>('/planning/setup').catch(() => ({ types: [], layouts: [], features: [], places: [] })),
        ]);
      const byOrder = (a: Ref, b: Ref) =>
        (a.order ?? 0) - (b.order ?? 0) || String(a.label).localeCompare(String(b.label), 'fr');
      return {
        ages: [...ages].sort(byOrder),
        animals,
        vehicles,
        extras: [...extras].sort(byOrder),
        equipment: [...equipment].sort(byOrder),
        channels: [...channels].sort(byOrder),
        discounts,
        partners: partners.map((p) => ({ ...p, label: p.label ?? p.name })),
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
