// What the wizard starts from when its route names a stay: a temporary booking to
// resume after a reload, an occupancy to edit (with the versions read, sent back with
// the save), or a booking to add an occupancy to (its customer, fixed).
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useNotify } from 'react-admin';
import { rest } from '../../admin/src/ui';
import { draftFromSummary, errorText, type Draft, type RouteParams, type WizardSummary } from './wizardModel';

const DRAFT_STATUSES = [1, 5];
export const sessionKey = (id: number) => `bivouac.new-booking.${id}`;

interface Setters {
  setDraft: Dispatch<SetStateAction<Draft>>;
  setError: (e: string | null) => void;
  setBusy: (b: boolean) => void;
  setStale: (s: string | null) => void;
}

export function useStayLoad(start: RouteParams, editing: boolean, { setDraft, setError, setBusy, setStale }: Setters) {
  const notify = useNotify();
  const [restoring, setRestoring] = useState(start.tempBookingId > 0 || editing);
  const [gone, setGone] = useState<WizardSummary | null>(null);
  const [into, setInto] = useState<{ id: number; code: string; customerId: number | null } | null>(null);
  const [edited, setEdited] = useState<{ id: number; code: string } | null>(null);
  // The versions of the edited occupancy and its booking as read: sent back with the save,
  // so a stay another user changed meanwhile is a 409, not overwritten.
  const [versions, setVersions] = useState<{ version: number; bookingVersion: number } | null>(null);

  // Resume a temporary booking after a reload (the route holds its id).
  useEffect(() => {
    if (!start.tempBookingId || editing) return;
    rest('get', '/booking/{id}/summary', { path: { id: start.tempBookingId } })
      .then((s) => {
        if (!DRAFT_STATUSES.includes(s.booking.statusId)) {
          setGone(s);
          return;
        }
        let filters = {};
        try {
          filters = JSON.parse(sessionStorage.getItem(sessionKey(start.tempBookingId)) ?? '{}');
        } catch {
          /* none */
        }
        setDraft(draftFromSummary(s, filters));
      })
      .catch((e) => setError(errorText(e)))
      .finally(() => setRestoring(false));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, at mount: the draft named by the route is restored

  // Editing an occupancy: the draft is that occupancy and its booking's pricing choices.
  const loadEdited = useCallback(
    async (keepDraft: boolean) => {
      const s = await rest('get', '/booking/{id}/summary', { path: { id: start.bookingId } });
      const o = s.occupancies.find((x) => x.id === start.occupancyId);
      if (!o || o.isCancelled) {
        setError("Cette occupation n'existe pas ou a été annulée");
        return;
      }
      setEdited({ id: s.booking.id, code: s.booking.code ?? '' });
      setVersions({ version: o.version, bookingVersion: s.booking.version });
      if (!keepDraft) setDraft(draftFromSummary(s, {}, start.occupancyId));
    },
    [start.bookingId, start.occupancyId, setDraft, setError],
  );
  useEffect(() => {
    if (!editing) return;
    loadEdited(false)
      .catch((e) => setError(errorText(e)))
      .finally(() => setRestoring(false));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, at mount: the stay being edited is loaded
  // After a stale save: the stay as it is now (the user's entries dropped), or only its
  // new versions (the user's entries kept, to be saved over it knowingly).
  const reloadStale = async (keepDraft: boolean) => {
    setBusy(true);
    try {
      await loadEdited(keepDraft);
      setStale(null);
      setError(null);
      if (!keepDraft) notify('Séjour rechargé : vos modifications ont été abandonnées', { type: 'info' });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  // Adding to an existing booking: its customer, fixed.
  useEffect(() => {
    if (!start.bookingId || editing) return;
    rest('get', '/booking/{id}/summary', { path: { id: start.bookingId } })
      .then((s) => {
        setInto({ id: s.booking.id, code: s.booking.code ?? '', customerId: s.booking.customerId });
        if (s.booking.customerId) setDraft((d) => ({ ...d, customerId: s.booking.customerId }));
      })
      .catch((e) => setError(errorText(e)));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, at mount: the booking the stay is added to

  return { restoring, gone, into, edited, versions, reloadStale };
}
