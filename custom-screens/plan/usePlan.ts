// The site plan screen's state: the plan and its occupancy over the chosen nights, the
// canvas's measured width, and edit mode (places moved but not saved yet, the place
// armed to be put on the map, a new image uploaded).
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { todayParis } from '../../common/dates';
import { API, rest, useLeaveGuard } from '../../admin/src/ui';
import { layoutOf, type PlaceState, type PlanPlace, type Position } from './planModel';

export function usePlan() {
  const notify = useNotify();
  const qc = useQueryClient();
  const [date, setDate] = useState(todayParis());
  const [nights, setNights] = useState(1);
  const [fit, setFit] = useState(true);
  const [edit, setEdit] = useState(false);
  const [moved, setMoved] = useState<Map<number, Position>>(new Map());
  const [armed, setArmed] = useState<number | null>(null);
  const { data, error } = useQuery({ queryKey: ['plan'], queryFn: () => rest('get', '/planning/plan') });
  const { data: occ } = useQuery({
    queryKey: ['plan-occupancy', date, nights],
    queryFn: () => rest('get', '/planning/plan/occupancy', { query: { date, nights: String(nights) } }),
  });
  const stateOf = useMemo(() => new Map<number, PlaceState>((occ?.places ?? []).map((p) => [p.placeId, p])), [occ]);
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(1000);
  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [data]);
  const { dialog } = useLeaveGuard({ when: moved.size > 0 });

  const layout = data ? layoutOf(data, moved) : null;
  const scale = layout && fit ? Math.min(1, (boxWidth - 2) / layout.width) : 1;

  const upload = async (file: File) => {
    const fd = new FormData();
    fd.append('uploadfile', file, file.name);
    const res = await fetch(`${API}/planning/plan/image`, { method: 'POST', body: fd, credentials: 'same-origin' });
    const body = await res.json().catch(() => null);
    if (!res.ok) {
      notify(body?.message ?? 'Une erreur est survenue', { type: 'error' });
      return;
    }
    notify('Plan enregistré', { type: 'success' });
    void qc.invalidateQueries({ queryKey: ['plan'] });
  };

  /** The plan point under the pointer, in the image's pixels (to a tenth). */
  const pointTo = (e: { clientX: number; clientY: number }): Position => {
    const r = boxRef.current!.querySelector('[data-plan-canvas]')!.getBoundingClientRect();
    const x = Math.min(layout!.width, Math.max(0, (e.clientX - r.left) / scale));
    const y = Math.min(layout!.height, Math.max(0, (e.clientY - r.top) / scale));
    return { planX: Math.round(x * 10) / 10, planY: Math.round(y * 10) / 10 };
  };
  const place = (id: number, p: Position) => setMoved((m) => new Map(m).set(id, p));

  const startDrag = (e: ReactPointerEvent<HTMLElement>, p: PlanPlace) => {
    if (!edit) return;
    e.preventDefault();
    const el = e.currentTarget;
    el.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => place(p.id, pointTo(ev));
    const up = () => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
  };
  /** A click on the canvas puts the armed place there. */
  const dropArmed = (e: { clientX: number; clientY: number }) => {
    if (edit && armed != null) {
      place(armed, pointTo(e));
      setArmed(null);
    }
  };

  const savePositions = async () => {
    try {
      await rest('put', '/planning/plan/positions', {
        body: { positions: [...moved].map(([placeId, p]) => ({ placeId, ...p })) },
      });
      setMoved(new Map());
      setEdit(false);
      notify('Positions enregistrées', { type: 'success' });
      void qc.invalidateQueries({ queryKey: ['plan'] });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const cancelEdit = () => {
    setMoved(new Map());
    setEdit(false);
    setArmed(null);
  };

  return {
    ...{ data, error, occ, stateOf, layout, scale, boxRef, dialog },
    ...{ date, setDate, nights, setNights, fit, setFit },
    ...{ edit, setEdit, moved, armed, setArmed, startDrag, dropArmed, savePositions, cancelEdit, upload },
  };
}

export type PlanState = ReturnType<typeof usePlan>;
