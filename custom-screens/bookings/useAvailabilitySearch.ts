// The availability search's state: the criteria typed, the criteria searched (set on
// « Rechercher »), the lists the filters choose from, and the free places found.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { addDays, todayParis } from '../../common/dates';
import { emptyDraft, useAgeCategories, withDefaults } from './OccupancyForm';
import { records, rest } from '../../admin/src/ui';

export interface Criteria {
  startDate: string;
  endDate: string;
  counts: Record<number, string>;
  placeTypeId: string;
  placeFamilyId: string;
  layoutId: string;
  featureIds: number[];
}

export function useAvailabilitySearch() {
  const today = todayParis();
  const [form, setForm] = useState<Criteria>({
    startDate: addDays(today, 1),
    endDate: addDays(today, 8),
    counts: {},
    placeTypeId: '',
    placeFamilyId: '',
    layoutId: '',
    featureIds: [],
  });
  const [criteria, setCriteria] = useState<Criteria | null>(null);
  const types = useQuery({
    queryKey: ['place-types-active'],
    queryFn: () => records.active('place-type'),
    staleTime: 60_000,
  });
  const families = useQuery({
    queryKey: ['place-families'],
    queryFn: () => records.list('place-family'),
    staleTime: 60_000,
  });
  const layouts = useQuery({ queryKey: ['layouts'], queryFn: () => records.list('layout'), staleTime: 60_000 });
  const features = useQuery({
    queryKey: ['features'],
    queryFn: () => records.list('feature', { sort: ['label', 'ASC'] }),
    staleTime: 60_000,
  });
  const ages = useAgeCategories();
  const occupantsOf = (c: Criteria) =>
    Object.entries(withDefaults({ ...emptyDraft('', ''), counts: c.counts }, ages.data ?? []))
      .map(([id, q]) => ({ ageCategoryId: Number(id), quantity: Number(q) || 0 }))
      .filter((o) => o.quantity > 0);
  const results = useQuery({
    queryKey: ['availability', criteria],
    enabled: !!criteria,
    queryFn: () =>
      rest('post', '/booking/search-availability', {
        body: {
          startDate: criteria!.startDate,
          endDate: criteria!.endDate,
          occupants: occupantsOf(criteria!),
          withPrices: true,
          featureIds: criteria!.featureIds,
          placeTypeId: criteria!.placeTypeId ? Number(criteria!.placeTypeId) : null,
          placeFamilyId: criteria!.placeFamilyId ? Number(criteria!.placeFamilyId) : null,
          layoutId: criteria!.layoutId ? Number(criteria!.layoutId) : null,
        },
      }),
  });
  const set = (k: keyof Criteria, v: unknown) => setForm({ ...form, [k]: v });
  /** The occupant counts as typed, the defaults of the age categories filled in. */
  const counts = withDefaults({ ...emptyDraft('', ''), counts: form.counts }, ages.data ?? []);
  const search = () => setCriteria({ ...form });
  return { form, set, counts, criteria, search, results, ages, types, families, layouts, features };
}
