// The grid screen's state: the grid as it is now (always fresh), the version the route
// names and its stored copy. A route naming version 0, a version to come, or the current
// version under another model or place type is replaced by the grid's canonical route.
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { gridPath } from './common';
import { records, rest } from '../../admin/src/ui';

export function useGridView(id: number) {
  const params = useParams();
  const navigate = useNavigate();
  const current = useQuery({
    queryKey: ['pricing', 'grid', id],
    queryFn: () => records.get('price-grid', id),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
  const grid = current.data;
  const wanted = Number(params.historyVersion);
  const canonical =
    !!grid &&
    current.isFetchedAfterMount &&
    (wanted === 0 ||
      wanted > grid.historyVersion ||
      (wanted === grid.historyVersion &&
        (Number(params.priceGridModeleId) !== grid.priceModel || Number(params.placeTypeId) !== grid.placeTypeId)));
  useEffect(() => {
    if (canonical) navigate(gridPath(grid!), { replace: true });
  }, [canonical, grid, navigate]);
  const version = wanted > 0 && grid && wanted <= grid.historyVersion ? wanted : grid?.historyVersion;
  const snapshot = useQuery({
    queryKey: ['pricing', 'grid-version', id, version],
    queryFn: () => rest('get', '/pricing/grid/{id}/version/{version}', { path: { id: id, version: String(version) } }),
    enabled: !!version,
    staleTime: Number.POSITIVE_INFINITY, // a stored version never changes
  });
  /** Loaded and on its canonical route: what the screen shows. */
  const ready = !!grid && !!snapshot.data && !canonical;
  return { failed: !!current.error, grid: ready ? grid : undefined, snapshot: ready ? snapshot.data : undefined };
}
