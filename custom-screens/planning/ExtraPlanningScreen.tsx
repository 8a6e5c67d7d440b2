// /extra-planning: the equipment the campsite rents and the extras over days, on the
// planning board — one row per rental equipment and per extra, one bar per stay using
// it (with its quantity). The header's count row shows, for the row under the cursor,
// what is left of its stock each day. Double-click opens the booking.
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, LinearProgress, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import TodayIcon from '@mui/icons-material/Today';
import { useQuery } from '@tanstack/react-query';
import { Title, useNotify, useStore } from 'react-admin';
import { addDays, formatDateFr, fromDayNumber, toDayNumber } from '../../common/dates';
import {
  DEFAULT_STATUS_PALETTE,
  Legend,
  PlanningBoard,
  type BoardBar,
  type BoardRow,
  type PlanningBoardHandle,
  type Zoom,
} from './board';
import { ALL_ROWS, useTiledWindow } from './shared/useTiledWindow';
import { maxOverlap, usageRunsPerDay } from './shared/usage';
import { rest } from '../../admin/src/ui';

interface ExtraRow extends BoardRow {
  id: string;
  data: { kind: string; stock: number | null; group: string };
}
type UseBar = BoardBar & { data: { bookingId: number | null; quantity: number; placeCode: string | null } };

const GROUP_BY = [{ name: 'group', key: (r: ExtraRow) => r.data.group, label: (r: ExtraRow) => r.data.group }];
const MESSAGES = { gridLabel: 'Planning des extras', rowsHeader: 'Équipements et extras', freePlaces: 'Stock restant' };
const MAX_LANES = 6;
const PALETTE = {
  ...DEFAULT_STATUS_PALETTE,
  'use-ok': { background: '#bbf7d0', color: '#14532d', label: 'Utilisation (stock suffisant)' },
  'use-high': { background: '#fcd34d', color: '#422006', label: 'Utilisation (plus de 80 % du stock)' },
  'use-over': { background: '#b91c1c', color: '#ffffff', label: 'Stock dépassé' },
};

// Guarded by camp.planning where the route is declared (./index.ts).
export default function ExtraPlanningScreen() {
  return <ExtraPlanning />;
}

function ExtraPlanning() {
  const navigate = useNavigate();
  const notify = useNotify();
  const ref = useRef<PlanningBoardHandle>(null);
  const [zoom, setZoom] = useStore<Zoom>('extras.zoom', 'day');
  const { data: setup } = useQuery({
    queryKey: ['planning-setup'],
    queryFn: () => rest('get', '/planning/setup'),
    staleTime: 60_000,
  });
  const [rows, setRows] = useState<ExtraRow[]>([]);
  const uses = useRef(new Map<string, UseBar>());
  const [version, setVersion] = useState(0);
  const [cursorRow, setCursorRow] = useState<ExtraRow | null>(null);

  const tiles = useTiledWindow<string>({
    rowsOf: ALL_ROWS,
    onError: (m) => notify(m, { type: 'error' }),
    fetch: async (req) => {
      const r = await rest('get', '/planning/extras/window', { query: { from: req.from, to: req.to } });
      setRows((cur) =>
        cur.length
          ? cur
          : r.rows.map((x) => ({
              id: x.id,
              label: x.label,
              sublabel: x.sublabel,
              data: { kind: x.kind, stock: x.stock, group: x.group },
            })),
      );
      const f = Object.fromEntries(r.useFields.map((k, i) => [k, i]));
      for (const u of r.uses) {
        uses.current.set(String(u[f.id]), {
          id: String(u[f.id]),
          rowId: String(u[f.rowId]),
          startDate: String(u[f.startDate]),
          endDate: String(u[f.endDate]),
          kind: 'occupancy',
          statusId: String(u[f.category]),
          label: `${(u[f.quantity] as number) > 1 ? `${u[f.quantity]} × ` : ''}${u[f.customer] || u[f.code]}`,
          code: String(u[f.code]),
          locked: true,
          data: {
            bookingId: u[f.bookingId] as number,
            quantity: u[f.quantity] as number,
            placeCode: u[f.placeCode] as string | null,
          },
        });
      }
      setVersion((v) => v + 1);
    },
  });

  // Uses live in a ref; version says when they changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const allUses = useMemo(() => [...uses.current.values()], [version]);
  // Rows tall enough for their stays; a row used by too many stays at once shows its use per day instead.
  const { sizedRows, bars } = useMemo(() => {
    const byRow = new Map<string, UseBar[]>();
    for (const b of allUses) byRow.set(String(b.rowId), [...(byRow.get(String(b.rowId)) ?? []), b]);
    const out: UseBar[] = [];
    const heights = new Map<string, number>();
    for (const r of rows) {
      const list = byRow.get(r.id) ?? [];
      const lanes = maxOverlap(list);
      if (lanes <= MAX_LANES) {
        out.push(...list);
        heights.set(r.id, Math.max(28, lanes * 20 + 6));
      } else {
        out.push(
          ...usageRunsPerDay(r.id, r.data.stock, list).map((u) => ({
            ...u,
            kind: 'use',
            locked: true,
            data: { bookingId: null, quantity: u.quantity, placeCode: null },
          })),
        );
        heights.set(r.id, 28);
      }
    }
    return { sizedRows: rows.map((r) => ({ ...r, height: heights.get(r.id) ?? 28 })), bars: out };
  }, [rows, allUses]);

  /** Stock left per day for the row under the cursor (extras with a stock only). */
  const stockLeft = useMemo(() => {
    if (!cursorRow || cursorRow.data.stock == null) return undefined;
    const used = new Map<number, number>();
    for (const b of bars) {
      if (b.rowId !== cursorRow.id) continue;
      for (let d = toDayNumber(b.startDate); d < toDayNumber(b.endDate); d++)
        used.set(d, (used.get(d) ?? 0) + b.data.quantity);
    }
    const out: Record<string, number> = {};
    const w = ref.current?.getVisibleWindow();
    if (!w) return out;
    for (let d = toDayNumber(w.startDate); d < toDayNumber(w.endDate); d++)
      out[fromDayNumber(d)] = cursorRow.data.stock - (used.get(d) ?? 0);
    return out;
  }, [cursorRow, bars]);

  const today = setup?.today ?? new Date().toISOString().slice(0, 10);
  const range = setup?.range ?? { startDate: addDays(today, -60), endDate: addDays(today, 300) };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 64px)', minHeight: 480 }}>
      <Title title="Planning des extras" />
      <Stack direction="row" spacing={1} sx={{ p: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup size="small" exclusive value={zoom} onChange={(_, z) => z && setZoom(z)} aria-label="Zoom">
          <ToggleButton value="day">Jour</ToggleButton>
          <ToggleButton value="week">Semaine</ToggleButton>
          <ToggleButton value="month">Mois</ToggleButton>
        </ToggleButtonGroup>
        <Button size="small" startIcon={<TodayIcon />} onClick={() => ref.current?.scrollToDate(today, 'center')}>
          Aujourd'hui
        </Button>
        <Typography variant="body2" color="text.secondary">
          {cursorRow
            ? `${cursorRow.label}` +
              `${cursorRow.data.stock != null ? ` — stock ${cursorRow.data.stock}` : ' — pas de stock suivi'}`
            : 'Placez le curseur sur une ligne pour voir son stock restant par jour.'}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Legend
          statusPalette={PALETTE}
          keys={['option', 'booking', 'arrived', 'gone', 'use-ok', 'use-high', 'use-over']}
        />
      </Stack>
      <Box sx={{ height: 4 }}>{tiles.loading && <LinearProgress aria-label="Chargement" />}</Box>
      <Box sx={{ flex: 1, minHeight: 0, borderTop: 1, borderColor: 'divider' }}>
        <PlanningBoard<ExtraRow, UseBar>
          ref={ref}
          rows={sizedRows}
          bars={bars}
          statusPalette={PALETTE}
          startDate={range.startDate}
          endDate={range.endDate}
          today={today}
          zoom={zoom}
          groupBy={GROUP_BY}
          messages={MESSAGES}
          readOnly
          freeCounts={stockLeft}
          onVisibleWindowChange={(w) => void tiles.load(w)}
          onSelectionChange={(s) => setCursorRow((cur) => (cur?.id === s.row?.id ? cur : s.row))}
          onOpenBar={(b) => b.data.bookingId && navigate(`/booking/${b.data.bookingId}`)}
          onModify={(c) => c.bar?.data.bookingId && navigate(`/booking/${c.bar.data.bookingId}`)}
          renderTooltip={(b) =>
            b.data.bookingId ? (
              <div>
                <strong>{b.code}</strong> — {b.label}
                <br />
                {b.data.placeCode ? `Emplacement ${b.data.placeCode} · ` : ''}quantité {b.data.quantity}
              </div>
            ) : (
              <div>
                {b.label}
                <br />
                du {formatDateFr(b.startDate)} au {formatDateFr(b.endDate)} (exclu)
              </div>
            )
          }
        />
      </Box>
    </Box>
  );
}
