// The filters of a statistics screen and their defaults: the current year (or month for
// the daily activity), the reference years of the settings (« Années de référence »,
// among the years that hold statistics), the settings' default source, tourist places.
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { rest, type RestAnswer, type RestInit, type RestPath } from '../../admin/src/ui';
import { addDays, todayParis } from '../../common/dates';

export interface Choice {
  id: number | string;
  label: string;
}

/** GET /rest/stat/filters: the choices of the filter bar and the statistics settings. */
export type FilterChoices = RestAnswer<'/stat/filters', 'get'>;

/** The figures a screen shows: GET /rest/stat/<name>, each answering a StatAnswer. */
type StatPath = Exclude<
  Extract<RestPath, `/stat/${string}`>,
  `${string}/export` | '/stat/filters' | '/stat/status' | '/stat/regenerate' | '/stat/send'
>;
export type StatName = StatPath extends `/stat/${infer N}` ? N : never;
/** The filters every statistics route takes (a screen's own choices come beside them). */
type StatQuery = RestInit<'/stat/daily-activity', 'get'>['query'];

export interface StatFilterState {
  from: string;
  to: string;
  compare: number[];
  placeTypeIds: number[];
  layoutIds: number[];
  channelIds: number[];
  source: NonNullable<StatQuery['source']>;
  park: NonNullable<StatQuery['park']>;
  extra: Record<string, string>;
}

export function defaultPeriod(span: 'year' | 'month'): { from: string; to: string } {
  const today = todayParis();
  if (span === 'month') {
    const from = `${today.slice(0, 7)}-01`;
    const next =
      Number(today.slice(5, 7)) === 12
        ? `${Number(today.slice(0, 4)) + 1}-01-01`
        : `${today.slice(0, 5)}${String(Number(today.slice(5, 7)) + 1).padStart(2, '0')}-01`;
    return { from, to: addDays(next, -1) };
  }
  return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
}

export function useStatFilters(span: 'year' | 'month', extra: Record<string, string>) {
  const choices = useQuery({ queryKey: ['stat-filters'], queryFn: () => rest('get', '/stat/filters') });
  const [f, setF] = useState<StatFilterState>(() => ({
    ...defaultPeriod(span),
    compare: [],
    placeTypeIds: [],
    layoutIds: [],
    channelIds: [],
    source: 'all',
    park: 'tourist',
    extra,
  }));
  const [ready, setReady] = useState(false);
  const c = choices.data;
  useEffect(() => {
    if (!c || ready) return;
    const year = Number(f.from.slice(0, 4));
    const first = Number((c.firstDay ?? f.from).slice(0, 4));
    const years: number[] = [];
    for (let y = year - 1; y >= first && years.length < c.settings.referenceYears; y--) years.push(y);
    setF((x) => ({ ...x, compare: years, source: c.settings.defaultSource }));
    setReady(true);
  }, [c, ready, f.from]);
  const params = useMemo(() => statQuery(f), [f]);
  const query = useMemo(() => queryString(f), [f]);
  return { f, setF, choices: c, ready, params, query };
}

/** The query of a statistics route: the filters (a list only when not empty), then the screen's choices. */
export function statQuery(f: StatFilterState): StatQuery & Record<string, string | undefined> {
  const list = (ids: number[]) => (ids.length ? ids.join(',') : undefined);
  const extra = Object.fromEntries(Object.entries(f.extra).filter(([, v]) => v));
  return {
    from: f.from,
    to: f.to,
    compare: list(f.compare),
    placeTypeIds: list(f.placeTypeIds),
    layoutIds: list(f.layoutIds),
    channelIds: list(f.channelIds),
    source: f.source,
    park: f.park,
    ...extra,
  };
}

/** The same as a query string (the export's address, the answer's cache key). */
export function queryString(f: StatFilterState): string {
  const entries = Object.entries(statQuery(f)).flatMap(([k, v]) => (v === undefined ? [] : [[k, v]]));
  return new URLSearchParams(entries).toString();
}
