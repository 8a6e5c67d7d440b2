// The places planning itself, once its setup is loaded: the board with its data per
// visible window, moves (./useStayMoves), the stay search (./useStaySearch), the
// toolbars (./Toolbars), new bookings from a selection, and the function keys.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Box, LinearProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useStore } from 'react-admin';
import { rest, useCan, type ExportPrintHandle } from '../../../admin/src/ui';
import { formatDateFr, nightsBetween, todayParis } from '../../../common/dates';
import { csvFileName } from '../../../common/file-names';
import {
  PlanningBoard,
  type ColorMode,
  type PlanningBoardHandle,
  type RangeSelection,
  type ShortcutContext,
  type Zoom,
} from '../board';
import {
  EMPTY_FILTERS,
  isResidentialBar,
  newBookingUrl,
  placeRows,
  visibleBars,
  type Filters,
  type PlaceRow,
  type Setup,
  type StayBar,
} from '../shared/model';
import { toCsv, downloadText } from '../shared/csv';
import { usePlanningData } from '../usePlanningData';
import { ActionDialog, type PendingAction } from '../ActionDialog';
import { useStayMoves } from './useStayMoves';
import { useStaySearch } from './useStaySearch';
import { Toolbars } from './Toolbars';
import { defaultZoom, firstWindow } from './firstWindow';

const GROUP_BY = ['layout', 'family', 'type'] as const;
// The price periods' band is there from the start: its arrival does not move the whole board down.
const NO_PERIODS: never[] = [];
const MESSAGES = { gridLabel: 'Planning des emplacements', rowsHeader: 'Emplacements' };

export function Board({ setup }: { setup: Setup }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const ref = useRef<PlanningBoardHandle>(null);
  // Until the user picks a zoom, the one that shows the planning module's « Jours affichés ».
  const [zoom, setZoom] = useStore<Zoom>('planning.zoom', defaultZoom(setup));
  const [colorMode, setColorMode] = useStore<ColorMode>('planning.colorMode', 'status');
  // A remembered payment view falls back to statuses while no payment is tracked.
  const shownMode: ColorMode = setup.paymentsTracked ? colorMode : 'status';
  const [filters, setFilters] = useStore<Filters>('planning.filters', EMPTY_FILTERS);
  const [history, setHistory] = useState({ canUndo: false, canRedo: false });
  const canWritePlanning = useCan('camp.planning', 'write');
  const canWriteStays = useCan('booking.booking', 'write');
  const canMove = canWritePlanning && canWriteStays;
  const canUnav = useCan('booking.unavailability', 'write');
  // « Nouvelle réservation » leads to the wizard, which writes stays.
  const canBook = canWriteStays;
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
    data.prime(firstWindow(setup, rows, zoom, params));
  }

  const { data: periods } = useQuery({
    queryKey: ['planning-periods', setup.range.startDate],
    queryFn: () =>
      rest('get', '/planning/periods', { query: { from: setup.range.startDate, to: setup.range.endDate } }),
    staleTime: 300_000,
  });

  const canMoveBar = useCallback(
    (b: StayBar) => !isResidentialBar(b) && (b.data.kind === 'unavailability' ? canUnav : canMove) && !b.locked,
    [canMove, canUnav],
  );

  const { onMoveBar, dialogs } = useStayMoves(data);

  // ---- open, new booking, function keys --------------------------------------
  const openBar = useCallback(
    (b: StayBar) => {
      if (b.data.kind === 'unavailability') navigate(`/unavailability/${b.data.recordId}`);
      // A let residential place opens its place affectation, a campsite sublet without a stay its sublet.
      else if (b.data.kind === 'residential') navigate(`/place-affectation/${b.data.recordId}`);
      else if (b.data.kind === 'sublet') navigate(`/sublet/${b.data.recordId}`);
      else navigate(`/booking/${b.data.bookingId}`);
    },
    [navigate],
  );
  const startBooking = useCallback(
    (s: RangeSelection<PlaceRow>) => {
      if (canBook) navigate(newBookingUrl(s.row.id, s.startDate, s.endDate));
    },
    [navigate, canBook],
  );

  const [action, setAction] = useState<PendingAction | null>(null);
  const onCreate = useCallback(
    (c: ShortcutContext<PlaceRow, StayBar>) => {
      if (!canBook) return;
      if (c.range) navigate(newBookingUrl(c.range.row.id, c.range.startDate, c.range.endDate));
      else navigate(newBookingUrl(c.row?.id));
    },
    [navigate, canBook],
  );
  const onModify = useCallback(
    (c: ShortcutContext<PlaceRow, StayBar>) => {
      if (c.bar) openBar(c.bar);
    },
    [openBar],
  );
  const onDelete = useCallback((c: ShortcutContext<PlaceRow, StayBar>) => {
    if (!c.bar || isResidentialBar(c.bar)) return;
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
    const inWin = bars.filter(
      (b) => !win || (win.rowIds.includes(b.rowId) && b.startDate < win.endDate && b.endDate > win.startDate),
    );
    const code = new Map(setup.places.map((p) => [p.id, p.code]));
    downloadText(
      toCsv(
        ['Emplacement', 'Séjour', 'Client', 'Arrivée', 'Départ', 'Nuits', 'Statut'],
        inWin.map((b) => [
          code.get(b.rowId) ?? '',
          b.code ?? '',
          b.label ?? '',
          formatDateFr(b.startDate),
          formatDateFr(b.endDate),
          nightsBetween(b.startDate, b.endDate),
          b.statusLabel ?? '',
        ]),
      ),
      csvFileName('Planning', todayParis()),
    );
  }, [bars, setup.places]);

  const found = useStaySearch(ref, rowIds, data.bars);
  const { highlighted, initialDate } = found;

  const setFilter = <K extends keyof Filters>(k: K, v: Filters[K]) => setFilters({ ...filters, [k]: v });
  const types = useMemo(
    () =>
      filters.familyIds.length ? setup.types.filter((t) => filters.familyIds.includes(t.placeFamilyId)) : setup.types,
    [setup.types, filters.familyIds],
  );

  // The toolbars re-render only when what they show changes, not on every window of bars.
  const searchRef = useRef(found.search);
  searchRef.current = found.search;
  const stepRef = useRef(found.step);
  stepRef.current = found.step;
  const exportRef = useRef(onExport);
  exportRef.current = onExport;
  const exportCsv = useCallback(() => exportRef.current(), []);
  const onSearch = useCallback(() => searchRef.current(), []);
  const onStep = useCallback((d: number) => stepRef.current(d), []);
  const toolbars = useMemo(
    () => (
      <Toolbars
        setup={setup}
        board={ref}
        zoom={zoom}
        setZoom={setZoom}
        shownMode={shownMode}
        setColorMode={setColorMode}
        history={history}
        onReload={data.reloadAll}
        exportMenu={exportMenu}
        exportCsv={canExport ? exportCsv : undefined}
        q={found.q}
        setQ={found.setQ}
        hitCount={found.hits.length}
        hitIndex={found.hitIndex}
        onSearch={onSearch}
        onStep={onStep}
        onClear={found.clear}
        canBook={canBook}
        onNewBooking={() => navigate(newBookingUrl())}
        filters={filters}
        setFilter={setFilter}
        types={types}
        rowCount={rows.length}
      />
    ),
    // The toolbar callbacks read refs; listing them would rebuild the toolbars on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      zoom,
      shownMode,
      history,
      found.q,
      found.hits.length,
      found.hitIndex,
      filters,
      rows.length,
      setup,
      types,
      data.reloadAll,
      canExport,
    ],
  );

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
          showWeekNumbers={setup.display?.showWeekNumbers}
          colorMode={shownMode}
          pricePeriods={periods ?? NO_PERIODS}
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
      {dialogs}
      <ActionDialog
        action={action}
        onClose={() => setAction(null)}
        onDone={(a) => {
          setAction(null);
          if (a.kind === 'delete-unavailability') data.removeBar(String(a.bar.id));
          data.reloadRows([a.bar.rowId]);
          data.resetFree();
        }}
      />
    </>
  );
}
