// Finding stays on the places planning: a search (3 characters or more) over
// customers, stay numbers and plates, stepping through the hits; and the stay or
// place named in the address (?placeId=…&date=…[&occupancyId=…], from the wizard,
// the plan, a booking): that row centred at that date, that stay highlighted.
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { rest, type RestAnswer } from '../../../admin/src/ui';
import type { Id, PlanningBoardHandle } from '../board';
import type { StayBar } from '../shared/model';

/** What the screen reads of a hit of GET /rest/planning/search (a stay named in the address makes one too). */
type SearchHit = Pick<
  RestAnswer<'/planning/search', 'get'>[number],
  'id' | 'placeId' | 'placeCode' | 'startDate' | 'endDate' | 'code' | 'customer'
>;

export function useStaySearch(
  ref: RefObject<PlanningBoardHandle | null>,
  rowIds: ReadonlySet<number>,
  bars: StayBar[],
) {
  const notify = useNotify();
  const [params] = useSearchParams();
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [hitIndex, setHitIndex] = useState(0);
  const highlighted = useMemo(() => (hits.length ? new Set<Id>(hits.map((h) => `o${h.id}`)) : undefined), [hits]);
  const goTo = useCallback(
    (h: SearchHit | undefined) => {
      if (!h || !ref.current) return;
      if (!rowIds.has(h.placeId)) {
        notify(`${h.code} (${h.placeCode}) est masqué par les filtres`, { type: 'info' });
        return;
      }
      if (!ref.current.scrollToBar(`o${h.id}`)) ref.current.scrollToRow(h.placeId, h.startDate);
    },
    [ref, rowIds, notify],
  );
  const search = async () => {
    const text = q.trim();
    if (!text) {
      setHits([]);
      return;
    }
    if (text.length < 3) {
      notify('La recherche nécessite au moins 3 caractères', { type: 'warning' });
      return;
    }
    try {
      const found = await rest('get', '/planning/search', { query: { q: text } });
      setHits(found);
      setHitIndex(0);
      if (!found.length) notify('Aucun séjour trouvé', { type: 'info' });
      else goTo(found[0]);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const step = (d: number) => {
    if (!hits.length) return;
    const i = (hitIndex + d + hits.length) % hits.length;
    setHitIndex(i);
    goTo(hits[i]);
  };

  // ?placeId=…&date=…[&occupancyId=…] (from the wizard, the plan, a booking): that row, centred, at that date; that
  // stay highlighted.
  const focusOcc = Number(params.get('occupancyId')) || null;
  const focusPlace = Number(params.get('placeId')) || null;
  const initialDate = params.get('date') ?? undefined;
  const centerRow = useCallback((placeId: number) => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const scroller = document.querySelector<HTMLElement>('[data-testid="planning-board"] .pb-scroller');
        const row = scroller?.querySelector<HTMLElement>(`[data-row-id="${placeId}"]`);
        if (!scroller || !row) return;
        const s = scroller.getBoundingClientRect();
        const r = row.getBoundingClientRect();
        scroller.scrollTop += r.top + r.height / 2 - (s.top + s.height / 2);
      }),
    );
  }, []);
  useEffect(() => {
    if (!focusPlace) return;
    const t = setTimeout(() => {
      if (ref.current?.scrollToRow(focusPlace, initialDate)) centerRow(focusPlace);
    }, 0);
    return () => clearTimeout(t);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, at mount: the place and date given by the route
  const focused = useRef(false);
  useEffect(() => {
    if (!focusOcc || focused.current) return;
    const hit = bars.find((b) => b.id === `o${focusOcc}`);
    if (!hit) return;
    focused.current = true;
    setHits([
      {
        id: focusOcc,
        placeId: hit.rowId,
        placeCode: '',
        startDate: hit.startDate,
        endDate: hit.endDate,
        code: hit.code ?? '',
        customer: hit.label ?? '',
      },
    ]);
    ref.current?.scrollToBar(hit.id);
  }, [ref, focusOcc, bars]);

  const clear = useCallback(() => {
    setHits([]);
    setQ('');
  }, []);
  return { q, setQ, hits, hitIndex, highlighted, search, step, clear, initialDate };
}
