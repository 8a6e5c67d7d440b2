// /new-booking and /new-booking/{activeKey}/{bookingId}/{tempBookingId}/{occupancyId}/
// {tempOccupancyId}/{customerId}/{statusId}: the booking wizard. Dates and persons →
// free places with their prices → customer → occupants' extras → price breakdown →
// down payment and save as quote, option or booking. From the place step on, a
// TEMPORARY booking holds the place (stays module, "create temporary") and each step
// saves into it; the route's parameters follow (so a reload resumes). Leaving before
// the save asks for confirmation (§2) and abandons the temporary booking (stateId 2).
// Query parameters placeId, startDate, endDate pre-fill the first steps (planning).
// With a bookingId and an occupancyId, the wizard edits that occupancy of that booking
// (dates, place, occupants, options, manual prices) and saves it back at the end.
// Prices are the server's: each step's price is its preview of the occupancy as it
// would be saved (POST /rest/occupancy/{id}/quote); no total is ever sent.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Step, StepButton, Stepper, Typography } from '@mui/material';
import { Title, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../admin/src/api';
import { useLeaveGuard } from '../../admin/src/layout/useLeaveGuard';
import { useCan, useCurrentUser } from '../../admin/src/auth/useCan';
import { formatCents } from '../../common/money';
import { CustomerStep, DetailsStep, PlaceStep, StayStep } from './steps';
import { Done, PriceStep, SaveStep, type Quote, type SaveKind } from './PriceSteps';
import { useReferences } from './reference';
import {
  EMPTY_DRAFT, STEPS, bookingPricing, draftBody, draftFromSummary, errorText, occupancyBody, parseRoute, previewBody, routeUrl, stayErrors,
  type Draft, type RouteParams, type StepKey,
} from './wizardModel';
import type { StoredPrice } from '../bookings/PriceBreakdown';
import { useDraftKeepAlive } from './useDraftKeepAlive';
import { useDraftRelease } from './useDraftRelease';

const DRAFT_STATUSES = [1, 5];
const sessionKey = (id: number) => `bivouac.new-booking.${id}`;

export default function NewBookingScreen() {
  // A fresh wizard on every navigation to the route (e.g. « Nouvelle réservation » after a save).
  // Guarded by booking.booking where the route is declared (admin/src/screens.ts).
  const location = useLocation();
  // The wizard writes stays from its second step: a read-only user is told at once, not at step 3.
  const { isPending } = useCurrentUser();
  const canWrite = useCan('booking.booking', 'write');
  if (isPending) return null;
  if (!canWrite) {
    return (
      <Box sx={{ p: 2 }}>
        <Title title="Nouvelle réservation" />
        <Alert severity="warning" data-testid="nb-no-right">Droit insuffisant : créer ou modifier un séjour demande le droit de modification sur les réservations.</Alert>
      </Box>
    );
  }
  return <Wizard key={location.key} />;
}

function Wizard() {
  const navigate = useNavigate();
  const notify = useNotify();
  const qc = useQueryClient();
  const [query] = useSearchParams();
  const params = useParams();
  const start = useMemo(() => parseRoute(params as Record<string, string>), []); // eslint-disable-line react-hooks/exhaustive-deps
  /** editing an existing occupancy (no temporary booking) */
  const editing = start.bookingId > 0 && start.occupancyId > 0;
  const refs = useReferences();
  const [route, setRoute] = useState<RouteParams>(start);
  const [maxStep, setMaxStep] = useState<number>(editing ? 6 : start.tempBookingId ? start.activeKey : 1);
  const [draft, setDraft] = useState<Draft>(() => ({
    ...EMPTY_DRAFT,
    placeId: Number(query.get('placeId')) || null,
    startDate: query.get('startDate') ?? '', endDate: query.get('endDate') ?? '',
    customerId: start.customerId || null,
  }));
  const [touched, setTouched] = useState(false);
  const [stateId, setStateId] = useState<1 | 2 | 3>(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stayErr, setStayErr] = useState<Record<string, string>>({});
  const [restoring, setRestoring] = useState(start.tempBookingId > 0 || editing);
  const [gone, setGone] = useState<any>(null);
  const [into, setInto] = useState<{ id: number; code: string; customerId: number | null } | null>(null);
  const [edited, setEdited] = useState<{ id: number; code: string } | null>(null);
  const [saved, setSaved] = useState<any>(null);
  const [kind, setKind] = useState<SaveKind>('booking');
  const [optionExpiry, setOptionExpiry] = useState('');

  const set = useCallback((patch: Partial<Draft>) => { setDraft((d) => ({ ...d, ...patch })); setTouched(true); }, []);

  // Resume a temporary booking after a reload (the route holds its id).
  useEffect(() => {
    if (!start.tempBookingId || editing) return;
    api<any>(`/booking/${start.tempBookingId}/summary`).then((s) => {
      if (!DRAFT_STATUSES.includes(s.booking.statusId)) { setGone(s); return; }
      let filters = {};
      try { filters = JSON.parse(sessionStorage.getItem(sessionKey(start.tempBookingId)) ?? '{}'); } catch { /* none */ }
      setDraft(draftFromSummary(s, filters));
    }).catch((e) => setError(errorText(e))).finally(() => setRestoring(false));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // Editing an occupancy: the draft is that occupancy and its booking's pricing choices.
  useEffect(() => {
    if (!editing) return;
    api<any>(`/booking/${start.bookingId}/summary`).then((s) => {
      const o = s.occupancies.find((x: any) => x.id === start.occupancyId);
      if (!o || o.isCancelled) { setError("Cette occupation n'existe pas ou a été annulée"); return; }
      setEdited({ id: s.booking.id, code: s.booking.code });
      setDraft(draftFromSummary(s, {}, start.occupancyId));
    }).catch((e) => setError(errorText(e))).finally(() => setRestoring(false));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // Adding to an existing booking: its customer, fixed.
  useEffect(() => {
    if (!start.bookingId || editing) return;
    api<any>(`/booking/${start.bookingId}/summary`).then((s) => {
      setInto({ id: s.booking.id, code: s.booking.code, customerId: s.booking.customerId });
      if (s.booking.customerId) setDraft((d) => ({ ...d, customerId: s.booking.customerId }));
    }).catch((e) => setError(errorText(e)));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // The address bar follows the wizard without a router navigation (which the leave guard would stop);
  // only while editing: saved (3), or abandoned on leaving (2) — that render comes after the router moved on.
  useEffect(() => {
    if (stateId !== 1) return;
    window.history.replaceState(window.history.state, '', routeUrl(route, window.location.search));
  }, [route, stateId]);
  // The search filters are not part of the booking: kept for a reload.
  useEffect(() => {
    if (!route.tempBookingId) return;
    const { placeTypeId, layoutId, featureIds } = draft;
    sessionStorage.setItem(sessionKey(route.tempBookingId), JSON.stringify({ placeTypeId, layoutId, featureIds }));
  }, [route.tempBookingId, draft]);

  // The place's kind (rentals bring no equipment).
  const placeIsRental = !!refs?.places.find((p) => p.id === draft.placeId)?.isRental;

  // The live price (steps 4 to 6): the server's preview of the occupancy as it would be saved.
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const priced = editing ? route.occupancyId : route.tempOccupancyId;
  const quoteBody = useMemo(() => JSON.stringify(priced && draft.placeId && draft.startDate && draft.endDate ? previewBody(draft) : null), [draft, priced]);
  useEffect(() => {
    if (route.activeKey < 4 || quoteBody === 'null') return;
    let live = true;
    const t = setTimeout(() => {
      api<StoredPrice>(`/occupancy/${priced}/quote`, { method: 'POST', json: JSON.parse(quoteBody) })
        .then((p) => { if (live) { setQuote(p.quote); setQuoteError(p.error?.message ?? null); } })
        .catch((e) => { if (live) { setQuote(null); setQuoteError(errorText(e)); } });
    }, 250);
    return () => { live = false; clearTimeout(t); };
  }, [quoteBody, route.activeKey, priced]);

  useDraftKeepAlive(route.tempBookingId, !editing && stateId === 1 && !gone);
  useDraftRelease(route.tempBookingId, !editing && stateId === 1 && !gone);

  // Leaving: confirm, then abandon the temporary booking (§2 "sets stateId to 2").
  const tempRef = useRef(route.tempBookingId);
  tempRef.current = route.tempBookingId;
  const { dialog } = useLeaveGuard({
    when: stateId === 1 && !gone && (route.tempBookingId > 0 || touched),
    onLeave: async () => {
      if (tempRef.current) await api(`/booking/${tempRef.current}/abandon`, { method: 'POST', json: {} });
      setStateId(2);
    },
  });

  const go = (k: StepKey) => { setError(null); setRoute((r) => ({ ...r, activeKey: k })); setMaxStep((m) => Math.max(m, k)); };

  const saveDraft = async (body: Record<string, unknown>) => {
    await api(`/planning/draft/${route.tempBookingId}`, { method: 'PUT', json: body });
  };

  const next = async () => {
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
        if (!draft.placeId) { setError('Veuillez sélectionner des emplacements'); return; }
        if (editing) {
          // Nothing is written before the last step.
        } else if (!route.tempBookingId) {
          const s = await api<any>('/booking/create', {
            method: 'POST',
            json: { temporary: true, kind: 'booking', customerId: draft.customerId, ...bookingPricing(draft), occupancies: [occupancyBody(draft)] },
          });
          setRoute((r) => ({ ...r, tempBookingId: s.booking.id, tempOccupancyId: s.occupancies[0]?.id ?? 0, statusId: s.booking.statusId }));
        } else {
          await saveDraft({ ...bookingPricing(draft), occupancy: occupancyBody(draft) });
        }
        go(3);
      } else if (k === 3) {
        if (!draft.customerId) { setError('Client non initialisé : choisissez ou créez un client'); return; }
        if (!editing) await saveDraft({ customerId: draft.customerId });
        setRoute((r) => ({ ...r, customerId: draft.customerId ?? 0 }));
        if (!draft.vehicles.length) {
          const cars = await api<any[]>(`/customer-vehicle?filter=${encodeURIComponent(JSON.stringify({ customerId: draft.customerId }))}&range=[0,9]`).catch(() => []);
          if (cars.length) setDraft((d) => ({ ...d, vehicles: cars.filter((c) => c.vehicleTypeId).map((c) => ({ vehicleTypeId: c.vehicleTypeId, licencePlate: c.licencePlate, customerVehicleId: c.id })) }));
        }
        go(4);
      } else if (k === 4) {
        if (!editing) await saveDraft(draftBody(draft));
        go(5);
      } else if (k === 5) {
        if (!quote) { setError(quoteError ?? 'Calcul du prix en cours'); return; }
        // The manual prices and discounts are saved: the server prices the stay with them.
        if (!editing) await saveDraft(draftBody(draft));
        go(6);
      } else if (k === 6) {
        const s = editing
          ? await api<any>(`/planning/occupancy/${route.occupancyId}`, { method: 'PUT', json: draftBody(draft) })
          : await api<any>(`/planning/draft/${route.tempBookingId}/finalize`, {
            method: 'POST',
            json: into ? { intoBookingId: into.id } : { kind, optionExpiryDate: kind === 'option' && optionExpiry ? optionExpiry : null },
          });
        if (route.tempBookingId) sessionStorage.removeItem(sessionKey(route.tempBookingId));
        // The booking screen reads the saved stay afresh (not its cached summary).
        qc.removeQueries({ queryKey: ['booking', String(s.booking.id)] });
        setStateId(3);
        setSaved(s);
        notify('Enregistrement effectué', { type: 'success' });
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (restoring || !refs) return <LinearProgress aria-label="Chargement" />;
  if (gone) {
    return (
      <Box sx={{ p: 2 }}>
        <Title title="Nouvelle réservation" />
        <Alert severity="info" action={<Button color="inherit" onClick={() => navigate(`/booking/${gone.booking.id}`)}>Ouvrir le séjour</Button>}>
          Le séjour {gone.booking.code} n'est plus en cours de saisie.
        </Alert>
        <Button sx={{ mt: 2 }} onClick={() => navigate('/new-booking')}>Nouvelle réservation</Button>
      </Box>
    );
  }

  const occupancyOf = (s: any) => s.occupancies?.find((o: any) => o.placeId === draft.placeId && o.startDate === draft.startDate) ?? s.occupancies?.[0];
  const k = route.activeKey;
  return (
    <Box sx={{ p: 2 }}>
      <Title title={edited ? `Modifier une occupation du séjour ${edited.code}` : into ? `Ajouter une occupation au séjour ${into.code}` : 'Nouvelle réservation'} />
      <Stepper nonLinear activeStep={k - 1} sx={{ mb: 2 }}>
        {STEPS.map((s) => (
          <Step key={s.key} completed={s.key < maxStep && !saved} disabled={!!saved || s.key > maxStep}>
            <StepButton onClick={() => go(s.key)}>{s.label}</StepButton>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {saved ? (
          <Done summary={saved} edited={editing}
            onPlanning={() => { const o = occupancyOf(saved); navigate(`/planning?occupancyId=${o?.id ?? ''}&placeId=${o?.placeId ?? ''}&date=${o?.startDate ?? ''}`); }}
            onOpen={() => navigate(`/booking/${saved.booking.id}`)}
            onNew={() => navigate('/new-booking')} />
        ) : (
          <>
            {k === 1 && <StayStep draft={draft} set={set} refs={refs} errors={stayErr} />}
            {k === 2 && <PlaceStep draft={draft} set={set} tempBookingId={route.tempBookingId} occupancyId={editing ? route.occupancyId : 0} onError={setError} />}
            {k === 3 && <CustomerStep draft={draft} set={set} locked={!!into?.customerId || editing} onError={setError} />}
            {k === 4 && <DetailsStep draft={draft} set={set} refs={refs} isRental={placeIsRental} />}
            {k === 5 && <PriceStep draft={draft} set={set} refs={refs} quote={quote} quoteError={quoteError} />}
            {k === 6 && <SaveStep quote={quote} kind={kind} setKind={setKind} optionExpiry={optionExpiry} setOptionExpiry={setOptionExpiry} intoCode={into?.code ?? null} editing={edited?.code ?? null} />}
            {error && <Alert severity="error" role="alert" sx={{ mt: 2 }}>{error}</Alert>}
            <Stack direction="row" spacing={1} sx={{ mt: 2 }} alignItems="center">
              <Button disabled={k === 1 || busy} onClick={() => go((k - 1) as StepKey)}>Précédent</Button>
              <Button variant="contained" disabled={busy} onClick={() => void next()} data-testid="nb-next">
                {k === 6 ? (editing ? 'Enregistrer les modifications' : into ? "Ajouter l'occupation" : kind === 'quote' ? 'Enregistrer le devis' : kind === 'option' ? "Enregistrer l'option" : 'Enregistrer la réservation') : 'Suivant'}
              </Button>
              {busy && <Typography variant="body2">Enregistrement…</Typography>}
              <Box sx={{ flex: 1 }} />
              {k >= 4 && quote && <Typography>Total : <strong data-testid="nb-running-total">{formatCents(quote.total)}</strong></Typography>}
            </Stack>
          </>
        )}
      </Paper>
      {dialog}
    </Box>
  );
}
