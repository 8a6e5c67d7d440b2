// Reuse demo (open the bench page with ?demo=cleaning): the same board as a
// cleaning planning — rows are cleaning staff, bars are one-day tasks drawn
// on whole days (barAnchor 'day'), several a day (lanes), cleaning palette.
import { useMemo, useState } from 'react';
import { CLEANING_STATUS_PALETTE, Legend, PlanningBoard, toDay, toIso } from '../../../custom-screens/planning/board';
import type { BoardBar, BoardRow, MoveRequest } from '../../../custom-screens/planning/board';
import { prng } from './data';

const STAFF = ['Amélie', 'Bruno', 'Chloé', 'Driss', 'Émilie', 'Fatou', 'Gaël', 'Hugo', 'Inès', 'Jules', 'Karim', 'Léa'];
const STATUS = ['taken', 'todo', 'in-progress', 'done'] as const;
const TYPES = { cleaning: 'Ménage', control: 'Contrôle', inter: 'Intervention' } as const;
type TaskType = keyof typeof TYPES;

export function CleaningDemo() {
  const rows = useMemo<BoardRow[]>(
    () =>
      STAFF.map((name, i) => ({
        id: i + 1,
        label: name,
        sublabel: i < 8 ? 'Ménage' : 'Technique',
        layoutId: i < 8 ? 1 : 2,
        layoutLabel: i < 8 ? 'Équipe ménage' : 'Équipe technique',
      })),
    [],
  );
  const [bars, setBars] = useState<BoardBar[]>(() => {
    const rnd = prng(7);
    const out: BoardBar[] = [];
    const start = toDay('2026-07-01');
    for (let d = 0; d < 62; d++) {
      for (const r of rows) {
        const n = Math.floor(rnd() * 3);
        for (let k = 0; k < n; k++) {
          const type = (['cleaning', 'cleaning', 'control', 'inter'] as const)[Math.floor(rnd() * 4)];
          out.push({
            id: `t${out.length + 1}`,
            rowId: r.id,
            startDate: toIso(start + d),
            endDate: toIso(start + d + 1),
            kind: 'cleaning-task',
            statusId: start + d < toDay('2026-07-14') ? 'done' : STATUS[Math.floor(rnd() * 3)],
            label: `A${String(1 + Math.floor(rnd() * 500)).padStart(3, '0')}`,
            code: TYPES[type],
            data: { type, mode: rnd() < 0.5 ? 'free' : 'ready' },
          });
        }
      }
    }
    return out;
  });
  const onMoveBar = async (req: MoveRequest) => {
    setBars((l) =>
      l.map((b) =>
        b.id === req.barId ? { ...b, rowId: req.rowId, startDate: req.startDate, endDate: req.endDate } : b,
      ),
    );
    return true;
  };
  return (
    <div className="bench-app">
      <div className="bench-toolbar">
        <strong>Planning ménage (démo de réutilisation)</strong>
        <Legend statusPalette={CLEANING_STATUS_PALETTE} />
      </div>
      <div className="bench-board">
        <PlanningBoard
          rows={rows}
          bars={bars}
          startDate="2026-07-01"
          endDate="2026-09-01"
          today="2026-07-14"
          barAnchor="day"
          dayWidth={64}
          groupBy={GROUP_BY}
          rowHeight={64}
          statusPalette={CLEANING_STATUS_PALETTE}
          onMoveBar={onMoveBar}
          messages={MESSAGES}
          renderBarContent={(b, { width }) =>
            width > 30 ? `${(b.data as { type: TaskType }).type === 'cleaning' ? '' : `${b.code} `}${b.label}` : null
          }
        />
      </div>
    </div>
  );
}

const GROUP_BY = ['layout'] as const;
const MESSAGES = { gridLabel: 'Planning ménage', rowsHeader: 'Personnel' };
