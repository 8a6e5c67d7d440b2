// The wizard's « Suivant »: each step checks what it needs, saves into the temporary
// booking (from the place step on; an edited occupancy is written only at the end)
// and opens the next step; the last one finalizes the booking or saves the edited
// occupancy with the versions read (a stay changed since is a 409, shown as stale).
import type { Dispatch, SetStateAction } from 'react';
import { useNotify, type HttpError } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { records, rest, type RestBody } from '../../admin/src/ui';
import type { Quote, SaveKind } from './PriceSteps';
import { sessionKey } from './useStayLoad';
import {
  bookingPricing,
  draftBody,
  errorText,
  occupancyBody,
  stayErrors,
  type Draft,
  type RouteParams,
  type StepKey,
  type WizardSummary,
} from './wizardModel';

export interface StepContext {
  route: RouteParams;
  setRoute: Dispatch<SetStateAction<RouteParams>>;
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  editing: boolean;
  into: { id: number; code: string; customerId: number | null } | null;
  versions: { version: number; bookingVersion: number } | null;
  quote: Quote | null;
  quoteError: string | null;
  kind: SaveKind;
  optionExpiry: string;
  go: (k: StepKey) => void;
  setError: (e: string | null) => void;
  setBusy: (b: boolean) => void;
  setStayErr: (e: Record<string, string>) => void;
  setStale: (s: string | null) => void;
  setStateId: (s: 1 | 2 | 3) => void;
  setSaved: (s: WizardSummary) => void;
}

export function useNextStep(c: StepContext): () => Promise<void> {
  const notify = useNotify();
  const qc = useQueryClient();
  const {
    route,
    setRoute,
    draft,
    setDraft,
    editing,
    into,
    versions,
    quote,
    quoteError,
    kind,
    optionExpiry,
    go,
    setError,
    setBusy,
    setStayErr,
    setStale,
    setStateId,
    setSaved,
  } = c;
  const saveDraft = async (body: RestBody<'/planning/draft/{id}', 'put'>) => {
    await rest('put', '/planning/draft/{id}', { path: { id: route.tempBookingId }, body });
  };

  return async () => {
    setError(null);
    const k = route.activeKey;
    if (k === 1) {
      const errs = stayErrors(draft);
      setStayErr(errs);
      if (Object.keys(errs).length) return;
      go(2);
      return;
    }
    setBusy(true);
    try {
      if (k === 2) {
        if (!draft.placeId) {
          setError('Veuillez sélectionner des emplacements');
          return;
        }
        if (editing) {
          // Nothing is written before the last step.
        } else if (!route.tempBookingId) {
          const s = await rest('post', '/booking/create', {
            body: {
              temporary: true,
              kind: 'booking',
              customerId: draft.customerId,
              ...bookingPricing(draft),
              occupancies: [occupancyBody(draft)],
            },
          });
          setRoute((r) => ({
            ...r,
            tempBookingId: s.booking.id,
            tempOccupancyId: s.occupancies[0]?.id ?? 0,
            statusId: s.booking.statusId,
          }));
        } else {
          await saveDraft({ ...bookingPricing(draft), occupancy: occupancyBody(draft) });
        }
        go(3);
      } else if (k === 3) {
        if (!draft.customerId) {
          setError('Client non initialisé : choisissez ou créez un client');
          return;
        }
        if (!editing) await saveDraft({ customerId: draft.customerId });
        setRoute((r) => ({ ...r, customerId: draft.customerId ?? 0 }));
        if (!draft.vehicles.length) {
          const cars = await records
            .list('customer-vehicle', { filter: { customerId: draft.customerId }, range: [0, 9] })
            .catch(() => []);
          if (cars.length)
            setDraft((d) => ({
              ...d,
              vehicles: cars.flatMap((c) =>
                c.vehicleTypeId
                  ? [{ vehicleTypeId: c.vehicleTypeId, licencePlate: c.licencePlate ?? '', customerVehicleId: c.id }]
                  : [],
              ),
            }));
        }
        go(4);
      } else if (k === 4) {
        if (!editing) await saveDraft(draftBody(draft));
        go(5);
      } else if (k === 5) {
        if (!quote) {
          setError(quoteError ?? 'Calcul du prix en cours');
          return;
        }
        // The manual prices and discounts are saved: the server prices the stay with them.
        if (!editing) await saveDraft(draftBody(draft));
        go(6);
      } else if (k === 6) {
        const s = editing
          ? await rest('put', '/planning/occupancy/{id}', {
              path: { id: route.occupancyId },
              body: { ...draftBody(draft), ...versions },
            })
          : await rest('post', '/planning/draft/{id}/finalize', {
              path: { id: route.tempBookingId },
              body: into
                ? { intoBookingId: into.id }
                : { kind, optionExpiryDate: kind === 'option' && optionExpiry ? optionExpiry : null },
            });
        if (route.tempBookingId) sessionStorage.removeItem(sessionKey(route.tempBookingId));
        // The booking screen reads the saved stay afresh (not its cached summary).
        qc.removeQueries({ queryKey: ['booking', String(s.booking.id)] });
        setStateId(3);
        setSaved(s);
        notify('Enregistrement effectué', { type: 'success' });
      }
    } catch (e) {
      if ((e as HttpError)?.status === 409 && (e as HttpError)?.body?.code === 'RECORD_CHANGED') setStale(errorText(e));
      else setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
}
