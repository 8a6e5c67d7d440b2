// /planning: places (grouped by zone, family and type) × days, stays and
// unavailabilities as bars coloured by status or by payment, loaded per visible
// window. Drag a bar (or its ends) to move it: the server checks, the dialog shows
// the price change, refused drops return with the French message; undo; selecting
// free nights starts a new booking; double-click opens the booking.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Box, Button, IconButton, InputAdornment, LinearProgress, Stack, TextField, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';
import RefreshIcon from '@mui/icons-material/Refresh';
import TodayIcon from '@mui/icons-material/Today';
import SearchIcon from '@mui/icons-material/Search';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { Title, useNotify, useStore } from 'react-admin';
import { api } from '../../admin/src/api';
import { useCan } from '../../admin/src/auth/useCan';
import { ExportPrintMenu, type ExportPrintHandle } from '../../admin/src/entity/ExportPrintMenu';
import { addDays, formatDateFr, nightsBetween } from '../../common/dates';
import { STATUS_CATEGORY_LABELS } from '../../common/planning';
import { Legend, PlanningBoard, type ColorMode, type Id, type MoveRequest, type MoveResult, type PlanningBoardHandle, type PricePeriod, type RangeSelection, type ShortcutContext, type Zoom } from './board';
import { EMPTY_FILTERS, newBookingUrl, placeRows, visibleBars, type Filters, type PlaceRow, type Setup, type StayBar } from './shared/model';
import { toCsv, downloadText } from './shared/csv';
import { usePlanningData } from './usePlanningData';
import { MoveDialog, type MoveCheckAnswer } from './MoveDialog';
import { AutoMoveDialog, type AutoMoveOffer } from './AutoMoveDialog';
import { ActionDialog, type PendingAction } from './ActionDialog';
import { MultiFilter } from './Filters';

interface SearchHit { id: number; placeId: number; placeCode: string; startDate: string; endDate: string; code: string; customer: string }

const CATEGORY_CHOICES = [
  ...Object.entries(STATUS_CATEGORY_LABELS).map(([id, label]) => ({ id, label: id === 'cancelled' ? 'Annulé / refusé / expiré' : label })),
  { id: 'unavailability', label: 'Indisponibilité' },
];
const GROUP_BY = ['layout', 'family', 'type'] as const;
const MESSAGES = { gridLabel: 'Planning des emplacements', rowsHeader: 'Emplacements' };

// Guarded by camp.planning where the route is declared (admin/src/screens.ts).
export default function PlanningScreen() {
  return <Planning />;
}

// Asked for as soon as this screen's code loads, while the rest of the page renders.
let prefetched: Promise<Setup> | null = api<Setup>('/planning/setup').catch(() => null as unknown as Setup);
const loadSetup = async (): Promise<Setup> => {
  const p = prefetched;
  prefetched = null;
  return (p && (await p)) || api<Setup>('/planning/setup');
};

function Planning() {
  const { data: setup, error } = useQuery({ queryKey: ['planning-setup'], queryFn: loadSetup, staleTime: 60_000 });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 64px)', minHeight: 480 }}>
      <Title title="Planning" />
      {error ? <Typography color="error" role="alert">{(error as Error).message}</Typography> : !setup ? <LinearProgress aria-label="Chargement du planning" /> : <Board setup={setup} />}
    </Box>
  );
}

function Board({ setup }: { setup: Setup }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const ref = useRef<PlanningBoardHandle>(null);
  const [zoom, setZoom] = useStore<Zoom>('planning.zoom', 'day');
  const [colorMode, setColorMode] = useStore<ColorMode>('planning.colorMode', 'status');
  // A remembered payment view falls back to statuses while no payment is tracked.
  const shownMode: ColorMode = setup.paymentsTracked ? colorMode : 'status';
  const [filters, setFilters] = useStore<Filters>('planning.filters', EMPTY_FILTERS);
  const [history, setHistory] = useState({ canUndo: false, canRedo: false });
  const canMove = useCan('camp.planning', 'write') && useCan('booking.booking', 'write');
  const canUnav = useCan('booking.unavailability', 'write');
  // « Nouvelle réservation » leads to the wizard, which writes stays.
  const canBook = useCan('booking.booking', 'write');
  const canExport = useCan('camp.planning', 'export');
  const exportMenu = useRef<ExportPrintHandle>(null);

  const onError = useCallback((m: string) => notify(m, { type: 'error' }), [notify]);
  const data = usePlanningData(filters, onError);
  const rows = useMemo(() => placeRows(setup, filters), [setup, filters]);
  const rowIds = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const bars = useMemo(() => visibleBars(data.bars, filters.categories), [data.bars, filters.categories]);

  // The first window is asked for before the board is laid out: the rows it opens on
  // (the top, or the row asked for), the days around the date it opens at.
  const primed = useRef(false);
  if (!primed.current) {
    primed.current = true;
    const at = rows.findIndex((r) => r.id === Number(params.get('placeId')));
    const from = Math.max(0, at - 25);
    const date = params.get('date') ?? setup.today;
    const [before, after] = zoom === 'month' ? [120, 400] : zoom === 'week' ? [60, 150] : [40, 60];
    const clamp = (d: string) => (d < setup.range.startDate ? setup.range.startDate : d > setup.range.endDate ? setup.range.endDate : d);
    data.prime({ firstRow: from, lastRow: from + 50, rowIds: rows.slice(from, from + 50).map((r) => r.id), startDate: clamp(addDays(date, -before)), endDate: clamp(addDays(date, after)) });
  }

  const { data: periods } = useQuery({
    queryKey: ['planning-periods', setup.range.startDate],
    queryFn: () => api<PricePeriod[]>(`/planning/periods?from=${setup.range.startDate}&to=${setup.range.endDate}`),
    staleTime: 300_000,
  });

  // ---- moves -----------------------------------------------------------------
  const [pendingMove, setPendingMove] = useState<{ check: MoveCheckAnswer; resolve: (ok: boolean) => void } | null>(null);
  const [moveBusy, setMoveBusy] = useState(false);
  const ask = (check: MoveCheckAnswer) => new Promise<boolean>((resolve) => setPendingMove({ check, resolve }));

  const [autoMove, setAutoMove] = useState<{ offer: AutoMoveOffer; resolve: (placeId: number | null) => void } | null>(null);
  const offerElsewhere = (offer: AutoMoveOffer) => new Promise<number | null>((resolve) => setAutoMove({ offer, resolve }));

  const onMoveBar = useCallback(async (req: MoveRequest<StayBar>): Promise<MoveResult> => {
    const bar = req.bar;
    let body = {
      kind: bar.data.kind, id: bar.data.recordId, placeId: req.rowId as number, startDate: req.startDate, endDate: req.endDate,
      from: { placeId: req.previous.rowId, startDate: req.previous.startDate, endDate: req.previous.endDate },
    };
    const done = () => {
      data.patchBar(String(bar.id), { rowId: body.placeId, startDate: req.startDate, endDate: req.endDate });
      data.reloadRows([req.previous.rowId as number, body.placeId]);
      data.resetFree();
    };
    try {
      if (bar.data.kind === 'unavailability' || req.cause === 'undo' || req.cause === 'redo') {
        await api('/planning/move', { method: 'POST', json: { ...body, force: true } });
        done();
        return true;
      }
      let check = await api<MoveCheckAnswer>('/planning/move/check', { method: 'POST', json: body });
      if (!check.ok && check.alternatives?.length) {
        const placeId = await offerElsewhere({ message: check.message ?? 'Emplacement non disponible', alternatives: check.alternatives });
        if (placeId == null) return { ok: false, message: check.message ?? 'Déplacement refusé.' };
        body = { ...body, placeId };
        check = await api<MoveCheckAnswer>('/planning/move/check', { method: 'POST', json: body });
      }
      if (!check.ok) return { ok: false, message: check.message ?? 'Déplacement refusé.' };
      if (!(await ask(check))) return { ok: false, message: 'Déplacement annulé.' };
      setMoveBusy(true);
      try {
        await api('/planning/move', { method: 'POST', json: { ...body, force: check.needsForce } });
      } finally {
        setMoveBusy(false);
        setPendingMove(null);
      }
      done();
      return body.placeId === req.rowId ? true : { ok: true, position: { rowId: body.placeId, startDate: req.startDate, endDate: req.endDate } };
    } catch (e: any) {
      if (e?.body?.code === 'PLANNING_STALE') data.reloadRows([req.previous.rowId as number, body.placeId]);
      return { ok: false, message: e?.message ?? 'Déplacement refusé.' };
    }
  }, [data]);

  const canMoveBar = useCallback((b: StayBar) => (b.data.kind === 'unavailability' ? canUnav : canMove) && !b.locked, [canMove, canUnav]);

  // ---- open, new booking, function keys --------------------------------------
  const openBar = useCallback((b: StayBar) => {
    if (b.data.kind === 'unavailability') navigate(`/unavailability/${b.data.recordId}`);
    else navigate(`/booking/${b.data.bookingId}`);
  }, [navigate]);
  const startBooking = useCallback((s: RangeSelection<PlaceRow>) => { if (canBook) navigate(newBookingUrl(s.row.id, s.startDate, s.endDate)); }, [navigate, canBook]);

  const [action, setAction] = useState<PendingAction | null>(null);
  const onCreate = useCallback((c: ShortcutContext<PlaceRow, StayBar>) => {
    if (!canBook) return;
    if (c.range) navigate(newBookingUrl(c.range.row.id, c.range.startDate, c.range.endDate));
    else navigate(newBookingUrl(c.row?.id));
  }, [navigate, canBook]);
  const onModify = useCallback((c: ShortcutContext<PlaceRow, StayBar>) => { if (c.bar) openBar(c.bar); }, [openBar]);
  const onDelete = useCallback((c: ShortcutContext<PlaceRow, StayBar>) => {
    if (!c.bar) return;
    if (c.bar.data.kind === 'unavailability') setAction({ kind: 'delete-unavailability', bar: c.bar });
    else setAction({ kind: 'cancel', bar: c.bar });
  }, []);
  const onValidate = useCallback((c: ShortcutContext<PlaceRow, StayBar>) => {
    if (c.bar?.data.kind === 'occupancy') setAction({ kind: 'validate', bar: c.bar });
  }, []);
  // F8 (and the toolbar button) offer the CSV of the visible window — with the export right — and printing.
  const openExportMenu = useCallback(() => exportMenu.current?.open(), []);
  const onExport = useCallback(() => {
    const win = ref.current?.getVisibleWindow();
    const inWin = bars.filter((b) => !win || (win.rowIds.includes(b.rowId) && b.startDate < win.endDate && b.endDate > win.startDate));
    const code = new Map(setup.places.map((p) => [p.id, p.code]));
    downloadText(toCsv(['Emplacement', 'Séjour', 'Client', 'Arrivée', 'Départ', 'Nuits', 'Statut'],
      inWin.map((b) => [code.get(b.rowId) ?? '', b.code ?? '', b.label ?? '', formatDateFr(b.startDate), formatDateFr(b.endDate), nightsBetween(b.startDate, b.endDate), b.statusLabel ?? ''])));
  }, [bars, setup.places]);

  // ---- search ----------------------------------------------------------------
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [hitIndex, setHitIndex] = useState(0);
  const highlighted = useMemo(() => (hits.length ? new Set<Id>(hits.map((h) => `o${h.id}`)) : undefined), [hits]);
  const goTo = useCallback((h: SearchHit | undefined) => {
    if (!h || !ref.current) return;
    if (!rowIds.has(h.placeId)) { notify(`${h.code} (${h.placeCode}) est masqué par les filtres`, { type: 'info' }); return; }
    if (!ref.current.scrollToBar(`o${h.id}`)) ref.current.scrollToRow(h.placeId, h.startDate);
  }, [rowIds, notify]);
  const search = async () => {
    const text = q.trim();
    if (!text) { setHits([]); return; }
    if (text.length < 3) { notify('La recherche nécessite au moins 3 caractères', { type: 'warning' }); return; }
    try {
      const found = await api<SearchHit[]>(`/planning/search?q=${encodeURIComponent(text)}`);
      setHits(found);
      setHitIndex(0);
      if (!found.length) notify('Aucun séjour trouvé', { type: 'info' });
      else goTo(found[0]);
    } catch (e: any) {
      notify(e.message, { type: 'error' });
    }
  };
  const step = (d: number) => {
    if (!hits.length) return;
    const i = (hitIndex + d + hits.length) % hits.length;
    setHitIndex(i);
    goTo(hits[i]);
  };

  // ?placeId=…&date=…[&occupancyId=…] (from the wizard, the plan, a booking): that row, centred, at that date; that stay highlighted.
  const focusOcc = Number(params.get('occupancyId')) || null;
  const focusPlace = Number(params.get('placeId')) || null;
  const initialDate = params.get('date') ?? undefined;
  const centerRow = useCallback((placeId: number) => {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const scroller = document.querySelector<HTMLElement>('[data-testid="planning-board"] .pb-scroller');
      const row = scroller?.querySelector<HTMLElement>(`[data-row-id="${placeId}"]`);
      if (!scroller || !row) return;
      const s = scroller.getBoundingClientRect();
      const r = row.getBoundingClientRect();
      scroller.scrollTop += r.top + r.height / 2 - (s.top + s.height / 2);
    }));
  }, []);
  useEffect(() => {
    if (!focusPlace) return;
    const t = setTimeout(() => { if (ref.current?.scrollToRow(focusPlace, initialDate)) centerRow(focusPlace); }, 0);
    return () => clearTimeout(t);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const focused = useRef(false);
  useEffect(() => {
    if (!focusOcc || focused.current) return;
    const hit = data.bars.find((b) => b.id === `o${focusOcc}`);
    if (!hit) return;
    focused.current = true;
    setHits([{ id: focusOcc, placeId: hit.rowId, placeCode: '', startDate: hit.startDate, endDate: hit.endDate, code: hit.code ?? '', customer: hit.label ?? '' }]);
    ref.current?.scrollToBar(hit.id);
  }, [focusOcc, data.bars]);

  const setFilter = <K extends keyof Filters>(k: K, v: Filters[K]) => setFilters({ ...filters, [k]: v });
  const types = useMemo(() => (filters.familyIds.length ? setup.types.filter((t) => filters.familyIds.includes(t.placeFamilyId)) : setup.types), [setup.types, filters.familyIds]);

  // The toolbars re-render only when what they show changes, not on every window of bars.
  const searchRef = useRef(search);
  searchRef.current = search;
  const stepRef = useRef(step);
  stepRef.current = step;
  const exportRef = useRef(onExport);
  exportRef.current = onExport;
  const exportCsv = useCallback(() => exportRef.current(), []);
  const toolbars = useMemo(() => (
    <>
      <Stack direction="row" spacing={1} sx={{ px: 1, pt: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup size="small" exclusive value={zoom} onChange={(_, z) => z && setZoom(z)} aria-label="Zoom">
          <ToggleButton value="day">Jour</ToggleButton>
          <ToggleButton value="week">Semaine</ToggleButton>
          <ToggleButton value="month">Mois</ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup size="small" exclusive value={shownMode} onChange={(_, c) => c && setColorMode(c)} aria-label="Couleurs">
          <ToggleButton value="status">Statuts</ToggleButton>
          {setup.paymentsTracked ? <ToggleButton value="payment">Paiements</ToggleButton> : (
            <Tooltip title="Aucun paiement n'est encore enregistré : la vue des paiements viendra avec la facturation">
              <span><ToggleButton value="payment" disabled>Paiements</ToggleButton></span>
            </Tooltip>
          )}
        </ToggleButtonGroup>
        <Button size="small" startIcon={<TodayIcon />} onClick={() => ref.current?.scrollToDate(setup.today, 'center')}>Aujourd'hui</Button>
        <TextField size="small" type="date" label="Aller au" InputLabelProps={{ shrink: true }} sx={{ width: 160 }}
          inputProps={{ min: setup.range.startDate, 'data-testid': 'planning-goto' }}
          onChange={(e) => { if (e.target.value) ref.current?.scrollToDate(e.target.value, 'start'); }} />
        <Tooltip title="Annuler le dernier déplacement (Ctrl+Z)"><span><IconButton aria-label="Annuler le dernier déplacement" disabled={!history.canUndo} onClick={() => void ref.current?.undo()}><UndoIcon /></IconButton></span></Tooltip>
        <Tooltip title="Rétablir (Ctrl+Y)"><span><IconButton aria-label="Rétablir" disabled={!history.canRedo} onClick={() => void ref.current?.redo()}><RedoIcon /></IconButton></span></Tooltip>
        <Tooltip title="Recharger"><IconButton aria-label="Recharger" onClick={data.reloadAll}><RefreshIcon /></IconButton></Tooltip>
        <ExportPrintMenu ref={exportMenu} onCsv={canExport ? exportCsv : undefined} />
        <TextField size="small" placeholder="Client, n° de séjour, immatriculation" value={q} onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') void searchRef.current(); }} sx={{ width: 300 }}
          inputProps={{ 'aria-label': 'Rechercher un séjour (3 caractères min.)', 'data-testid': 'planning-search' }}
          InputProps={{ endAdornment: <InputAdornment position="end"><IconButton size="small" aria-label="Rechercher" onClick={() => void searchRef.current()}><SearchIcon /></IconButton></InputAdornment> }} />
        {hits.length > 0 && (
          <Stack direction="row" alignItems="center">
            <IconButton size="small" aria-label="Résultat précédent" onClick={() => stepRef.current(-1)}><NavigateBeforeIcon /></IconButton>
            <Typography variant="body2" aria-live="polite">{hitIndex + 1} / {hits.length}</Typography>
            <IconButton size="small" aria-label="Résultat suivant" onClick={() => stepRef.current(1)}><NavigateNextIcon /></IconButton>
            <Button size="small" onClick={() => { setHits([]); setQ(''); }}>Effacer</Button>
          </Stack>
        )}
        <Box sx={{ flex: 1 }} />
        {canBook && <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => navigate(newBookingUrl())}>Nouvelle réservation</Button>}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ px: 1, py: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <MultiFilter label="Zones" choices={setup.layouts.map((l) => ({ id: l.id, label: l.label }))} value={filters.layoutIds} onChange={(v) => setFilter('layoutIds', v as number[])} />
        <MultiFilter label="Familles" choices={setup.families.map((l) => ({ id: l.id, label: l.label }))} value={filters.familyIds} onChange={(v) => setFilter('familyIds', v as number[])} />
        <MultiFilter label="Types" choices={types.map((l) => ({ id: l.id, label: l.label }))} value={filters.typeIds} onChange={(v) => setFilter('typeIds', v as number[])} />
        <MultiFilter label="Caractéristiques" choices={setup.features.map((l) => ({ id: l.id, label: l.label }))} value={filters.featureIds} onChange={(v) => setFilter('featureIds', v as number[])} />
        <MultiFilter label="Statuts" choices={CATEGORY_CHOICES} value={filters.categories} onChange={(v) => setFilter('categories', v as string[])} width={220} />
        <Typography variant="body2" color="text.secondary">{rows.length} emplacement{rows.length > 1 ? 's' : ''}</Typography>
        <Legend colorMode={shownMode} />
      </Stack>
    </>
  ), [zoom, shownMode, history, q, hits.length, hitIndex, filters, rows.length, setup, types, data.reloadAll, canExport]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      {toolbars}
      <Box sx={{ height: 4 }}>{data.loading && <LinearProgress aria-label="Chargement" />}</Box>
      <Box sx={{ flex: 1, minHeight: 0, borderTop: 1, borderColor: 'divider' }} data-testid="planning-board">
        <PlanningBoard<PlaceRow, StayBar>
          ref={ref}
          rows={rows}
          bars={bars}
          startDate={setup.range.startDate}
          endDate={setup.range.endDate}
          today={setup.today}
          initialDate={initialDate}
          zoom={zoom}
          colorMode={shownMode}
          pricePeriods={periods}
          freeCounts={data.freeCounts}
          groupBy={GROUP_BY}
          messages={MESSAGES}
          highlightedBarIds={highlighted}
          readOnly={!canMove && !canUnav}
          canMoveBar={canMoveBar}
          onVisibleWindowChange={data.onWindow}
          onMoveBar={onMoveBar}
          onSelectRange={startBooking}
          onOpenBar={openBar}
          onHistoryChange={setHistory}
          onCreate={onCreate}
          onModify={onModify}
          onExport={openExportMenu}
          onDelete={onDelete}
          onValidate={onValidate}
        />
      </Box>
      <AutoMoveDialog offer={autoMove?.offer ?? null}
        onPick={(placeId) => { autoMove?.resolve(placeId); setAutoMove(null); }}
        onCancel={() => { autoMove?.resolve(null); setAutoMove(null); }} />
      <MoveDialog check={pendingMove?.check ?? null} busy={moveBusy}
        onConfirm={() => pendingMove?.resolve(true)}
        onCancel={() => { pendingMove?.resolve(false); setPendingMove(null); }} />
      <ActionDialog action={action} onClose={() => setAction(null)} onDone={(a) => {
        setAction(null);
        if (a.kind === 'delete-unavailability') data.removeBar(String(a.bar.id));
        data.reloadRows([a.bar.rowId]);
        data.resetFree();
      }} />
    </>
  );
}
