// The plan's canvas: the image (or a neutral grid) with every placed place as a marker
// coloured by its occupancy band; markers drag in edit mode and open a menu otherwise.
import { Box, Tooltip } from '@mui/material';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { formatDateFr } from '../../common/dates';
import { bandOf } from '../../common/planning';
import { API } from '../../admin/src/ui';
import { placeLabel, type PlanPlace } from './planModel';
import type { PlanState } from './usePlan';

export function PlanCanvas({
  state,
  onOpen,
}: {
  state: PlanState;
  onOpen: (anchor: HTMLElement, place: PlanPlace) => void;
}) {
  const { date, edit, armed, dropArmed, startDrag, stateOf, moved, scale } = state;
  const plan = state.data!.plan;
  const { placed, pos, width, height } = state.layout!;
  const marker = plan?.markerSize ?? 22;
  const hasImage = !!plan?.imageMime;
  return (
    <Box
      data-plan-canvas
      role="img"
      aria-label={`Plan du camping, occupation du ${formatDateFr(date)}`}
      onClick={dropArmed}
      sx={{
        position: 'relative',
        width: width * scale,
        height: height * scale,
        cursor: edit && armed != null ? 'crosshair' : 'default',
        background: hasImage
          ? `url(${API}/planning/plan/image?v=${encodeURIComponent(plan!.imageUpdatedAt ?? '')}) 0 0 / 100% ` +
            `100% no-repeat`
          : 'repeating-linear-gradient(0deg, #f8fafc 0 39px, #e2e8f0 39px 40px), #f8fafc',
      }}
    >
      {placed.map((p) => {
        const s = stateOf.get(p.id);
        const band = bandOf(s ? s.rate : null);
        const { planX, planY } = pos(p);
        const label = placeLabel(p, s);
        return (
          <Tooltip
            key={p.id}
            title={
              `${label} · ${p.typeLabel}, ${p.capacity} pers.${s?.arrival ? ' · arrivée ce jour' : ''}` +
              `${s?.departure ? ' · départ ce jour' : ''}`
            }
          >
            <Box
              component="button"
              type="button"
              aria-label={label}
              data-place-id={p.id}
              data-place-code={p.code}
              data-state={s?.state ?? ''}
              data-band={band.key}
              onPointerDown={(e: ReactPointerEvent<HTMLElement>) => startDrag(e, p)}
              onClick={(e) => {
                e.stopPropagation();
                if (!edit) onOpen(e.currentTarget as HTMLElement, p);
              }}
              sx={{
                position: 'absolute',
                left: planX! * scale - marker / 2,
                top: planY! * scale - marker / 2,
                minWidth: marker,
                height: marker,
                px: 0.25,
                borderRadius: 1,
                border: '1px solid rgba(0,0,0,.45)',
                bgcolor: band.background,
                color: band.color,
                fontSize: Math.max(9, marker * 0.42),
                fontWeight: 700,
                lineHeight: `${marker - 2}px`,
                cursor: edit ? 'grab' : 'pointer',
                touchAction: 'none',
                p: 0,
                backgroundImage:
                  s?.state === 'unavailable'
                    ? 'repeating-linear-gradient(45deg, transparent 0 3px, rgba(255,255,255,.35) 3px 6px)'
                    : undefined,
                outline: moved.has(p.id) ? '2px dashed #1d4ed8' : undefined,
                '&:focus-visible': { outline: '3px solid #1d4ed8', outlineOffset: 1 },
              }}
            >
              {p.code}
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );
}
