// Bench page: the planning board on 2 000 places × 365 days, 60 000 bars.
// Also a playground: `npx vite tests/bench/planning` then open the printed URL.
import { StrictMode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Legend, PlanningBoard, toDay } from '../../../custom-screens/planning/board';
import type {
  BoardBar,
  ColorMode,
  Id,
  MoveRequest,
  MoveResult,
  PlanningBoardHandle,
  Zoom,
} from '../../../custom-screens/planning/board';
import { END, generate, START, TODAY } from './data';
import { afterPaint, scrollRun, type FrameStats } from './measure';
import { CleaningDemo } from './cleaning';

declare global {
  interface Window {
    __bench: {
      genMs: number;
      firstRender?: number;
      barsInDom?: number;
      setZoom?: (z: Zoom) => void;
      setColorMode?: (c: ColorMode) => void;
      handle?: PlanningBoardHandle | null;
      windows: number;
      log: string[];
      scrollRun: (axis: 'x' | 'y', step: number, frames: number) => Promise<FrameStats>;
      afterPaint: () => Promise<number>;
    };
  }
}

const t0 = performance.now();
const data = generate();
window.__bench = {
  genMs: performance.now() - t0,
  windows: 0,
  log: [],
  scrollRun: (axis, step, frames) => scrollRun(axis, step, frames, () => window.__bench.windows),
  afterPaint,
};

function overlaps(bars: readonly BoardBar[], req: MoveRequest): boolean {
  const s = toDay(req.startDate);
  const e = toDay(req.endDate);
  return bars.some(
    (b) =>
      b.id !== req.barId &&
      b.rowId === req.rowId &&
      b.statusId !== 'cancelled' &&
      toDay(b.startDate) < e &&
      s < toDay(b.endDate),
  );
}

function App() {
  const [zoom, setZoom] = useState<Zoom>('day');
  const [colorMode, setColorMode] = useState<ColorMode>('status');
  const [bars, setBars] = useState(data.bars);
  const [search, setSearch] = useState('');
  const [canUndo, setCanUndo] = useState(false);
  const ref = useRef<PlanningBoardHandle>(null);
  const barsRef = useRef(bars);
  barsRef.current = bars;

  useEffect(() => {
    window.__bench.setZoom = setZoom;
    window.__bench.setColorMode = setColorMode;
    window.__bench.handle = ref.current;
    void afterPaint().then((t) => {
      window.__bench.firstRender = t;
      window.__bench.barsInDom = document.querySelectorAll('.pb-bar').length;
    });
  }, []);

  // A fake server: refuses overlaps with the French message, else saves.
  const onMoveBar = useCallback(async (req: MoveRequest): Promise<MoveResult> => {
    await new Promise((r) => setTimeout(r, 150));
    window.__bench.log.push(`move ${req.barId} → ${req.rowId} ${req.startDate} ${req.endDate} (${req.cause})`);
    if (overlaps(barsRef.current, req)) return { ok: false, message: "L'emplacement est déjà occupé à ces dates." };
    setBars((list) =>
      list.map((b) =>
        b.id === req.barId ? { ...b, rowId: req.rowId, startDate: req.startDate, endDate: req.endDate } : b,
      ),
    );
    return true;
  }, []);

  const highlighted = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (q.length < 3) return undefined;
    return new Set<Id>(
      bars.filter((b) => b.label?.toLowerCase().includes(q) || b.code?.toLowerCase().includes(q)).map((b) => b.id),
    );
  }, [search, bars]);

  return (
    <div className="bench-app">
      <div className="bench-toolbar">
        {(['day', 'week', 'month'] as const).map((z) => (
          <button key={z} type="button" aria-pressed={zoom === z} onClick={() => setZoom(z)}>
            {{ day: 'Jour', week: 'Semaine', month: 'Mois' }[z]}
          </button>
        ))}
        <button type="button" onClick={() => setColorMode(colorMode === 'status' ? 'payment' : 'status')}>
          {colorMode === 'status' ? 'Vue paiements' : 'Vue statuts'}
        </button>
        <button type="button" disabled={!canUndo} onClick={() => void ref.current?.undo()}>
          Annuler (Ctrl+Z)
        </button>
        <input
          placeholder="Client ou code (3 car. min.)"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && highlighted) {
              const first = highlighted.values().next().value;
              if (first !== undefined) ref.current?.scrollToBar(first);
            }
          }}
        />
        <Legend colorMode={colorMode} />
      </div>
      <div className="bench-board">
        <PlanningBoard
          ref={ref}
          rows={data.rows}
          bars={bars}
          startDate={START}
          endDate={END}
          today={TODAY}
          zoom={zoom}
          colorMode={colorMode}
          pricePeriods={data.pricePeriods}
          freeCounts={data.freeCounts}
          highlightedBarIds={highlighted}
          onMoveBar={onMoveBar}
          onHistoryChange={(h) => setCanUndo(h.canUndo)}
          onVisibleWindowChange={() => {
            window.__bench.windows++;
          }}
          onSelectRange={(s) => window.__bench.log.push(`select ${s.rowId} ${s.startDate} ${s.endDate}`)}
          onOpenBar={(b) => window.__bench.log.push(`open ${b.id}`)}
          onCreate={(c) => window.__bench.log.push(`F3 ${c.row?.id ?? ''} ${c.range?.startDate ?? ''}`)}
          onModify={(c) => window.__bench.log.push(`F4 ${c.bar?.id ?? ''}`)}
        />
      </div>
    </div>
  );
}

const demo = new URLSearchParams(location.search).get('demo');
createRoot(document.getElementById('root')!).render(
  <StrictMode>{demo === 'cleaning' ? <CleaningDemo /> : <App />}</StrictMode>,
);
