// Page title = establishment name or short name, else "Bivouac" (§2, docs/screens.md#main-menu); the same
// header answer gives the logos of the app bar and the remote-support link.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { answerAs, rest } from '../rest';

export interface EstablishmentHeader {
  title: string;
  name: string | null;
  shortName: string | null;
  isGroupMode: boolean;
  groupName: string | null;
  /** last change of the logo (cache key), null when none */
  logo: string | null;
  groupLogo: string | null;
  version: string;
  remoteSupportUrl: string | null;
}

export function useEstablishmentHeader() {
  return useQuery({
    queryKey: ['establishment-header'],
    queryFn: () => answerAs<EstablishmentHeader>(rest('get', '/establishment/establishment/header')),
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
