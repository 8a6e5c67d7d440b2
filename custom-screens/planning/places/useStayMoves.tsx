// Moving a bar on the places planning: the server checks the move, offers other
// places when this one is taken, the dialog shows the price change and asks; an undo
// or redo goes through without asking (never past a version: a stay changed by someone
// else since it was read is refused and its rows reload).
import { useCallback, useState, type ReactNode } from 'react';
import { errorBody, rest, type RestBody } from '../../../admin/src/ui';
import type { MoveRequest, MoveResult } from '../board';
import type { StayBar } from '../shared/model';
import type { usePlanningData } from '../usePlanningData';
import { MoveDialog, type MoveCheckAnswer } from '../MoveDialog';
import { AutoMoveDialog, type AutoMoveOffer } from '../AutoMoveDialog';

type PlanningData = ReturnType<typeof usePlanningData>;
/** The saved move's record, a bare object in the route's schema: its version is all the board reads. */
type Moved = { record?: { version?: number } };
const checkMove = (body: RestBody<'/planning/move/check', 'post'>) => rest('post', '/planning/move/check', { body });

export function useStayMoves(data: PlanningData): {
  onMoveBar: (req: MoveRequest<StayBar>) => Promise<MoveResult>;
  dialogs: ReactNode;
} {
  const [pendingMove, setPendingMove] = useState<{ check: MoveCheckAnswer; resolve: (ok: boolean) => void } | null>(
    null,
  );
  const [moveBusy, setMoveBusy] = useState(false);
  const ask = (check: MoveCheckAnswer) => new Promise<boolean>((resolve) => setPendingMove({ check, resolve }));

  const [autoMove, setAutoMove] = useState<{ offer: AutoMoveOffer; resolve: (placeId: number | null) => void } | null>(
    null,
  );
  const offerElsewhere = (offer: AutoMoveOffer) =>
    new Promise<number | null>((resolve) => setAutoMove({ offer, resolve }));

  const onMoveBar = useCallback(
    async (req: MoveRequest<StayBar>): Promise<MoveResult> => {
      const bar = req.bar;
      const kind = bar.data.kind;
      // Residential and sublet bars are locked: never moved.
      if (kind !== 'occupancy' && kind !== 'unavailability') return { ok: false, message: 'Déplacement refusé.' };
      // The version the bar was read at: someone else's change since is a 409, never overwritten.
      let body = {
        kind,
        id: bar.data.recordId,
        placeId: req.rowId as number,
        startDate: req.startDate,
        endDate: req.endDate,
        from: {
          placeId: req.previous.rowId as number,
          startDate: req.previous.startDate,
          endDate: req.previous.endDate,
        },
        version: bar.data.version,
      };
      const done = (saved: Moved) => {
        // The saved version at once: an undo before the rows reload sends the right one.
        data.patchBar(String(bar.id), {
          rowId: body.placeId,
          startDate: req.startDate,
          endDate: req.endDate,
          data: { ...bar.data, version: saved.record?.version },
        });
        data.reloadRows([req.previous.rowId as number, body.placeId]);
        data.resetFree();
      };
      try {
        if (kind === 'unavailability' || req.cause === 'undo' || req.cause === 'redo') {
          // An undo or redo is forced past the warnings, never past a version: a stay changed since is refused.
          done(await rest('post', '/planning/move', { body: { ...body, force: true } }));
          return true;
        }
        let check = await checkMove(body);
        if (!check.ok && check.alternatives?.length) {
          const placeId = await offerElsewhere({
            message: check.message ?? 'Emplacement non disponible',
            alternatives: check.alternatives,
          });
          if (placeId == null) return { ok: false, message: check.message ?? 'Déplacement refusé.' };
          body = { ...body, placeId };
          check = await checkMove(body);
        }
        if (!check.ok) return { ok: false, message: check.message ?? 'Déplacement refusé.' };
        if (!(await ask(check))) return { ok: false, message: 'Déplacement annulé.' };
        setMoveBusy(true);
        let saved;
        try {
          saved = await rest('post', '/planning/move', { body: { ...body, force: check.needsForce } });
        } finally {
          setMoveBusy(false);
          setPendingMove(null);
        }
        done(saved);
        return body.placeId === req.rowId
          ? true
          : { ok: true, position: { rowId: body.placeId, startDate: req.startDate, endDate: req.endDate } };
      } catch (err) {
        const e = err as Error;
        const refused = errorBody(err);
        const code = refused?.code;
        if (code === 'RECORD_CHANGED') {
          // Changed by someone else since it was read: the rows it was and is on, reloaded; nothing written.
          const now = refused?.current?.placeId;
          data.reloadRows([
            req.previous.rowId as number,
            body.placeId,
            ...(Number.isInteger(now) ? [now as number] : []),
          ]);
          data.resetFree();
          return { ok: false, message: `${e.message} : le planning a été rechargé`, forget: true };
        }
        if (code === 'PLANNING_STALE') data.reloadRows([req.previous.rowId as number, body.placeId]);
        return { ok: false, message: e?.message ?? 'Déplacement refusé.' };
      }
    },
    [data],
  );

  const dialogs = (
    <>
      <AutoMoveDialog
        offer={autoMove?.offer ?? null}
        onPick={(placeId) => {
          autoMove?.resolve(placeId);
          setAutoMove(null);
        }}
        onCancel={() => {
          autoMove?.resolve(null);
          setAutoMove(null);
        }}
      />
      <MoveDialog
        check={pendingMove?.check ?? null}
        busy={moveBusy}
        onConfirm={() => pendingMove?.resolve(true)}
        onCancel={() => {
          pendingMove?.resolve(false);
          setPendingMove(null);
        }}
      />
    </>
  );
  return { onMoveBar, dialogs };
}
