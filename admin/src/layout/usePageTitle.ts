// Page title = establishment name or short name, else "Bivouac" (§2, docs/screens.md#main-menu); the same
// header answer gives the logos of the app bar and the remote-support link.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { rest, type RestAnswer } from '../rest';

/** The page header: title, logos (last change as a cache key, null when none), version, remote-support link. */
export type EstablishmentHeader = RestAnswer<'/establishment/establishment/header', 'get'>;

export function useEstablishmentHeader() {
  return useQuery({
    queryKey: ['establishment-header'],
    queryFn: () => rest('get', '/establishment/establishment/header'),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function usePageTitle(): void {
  const { data } = useEstablishmentHeader();
  useEffect(() => {
    document.title = data?.title || 'Bivouac';
  }, [data?.title]);
}
