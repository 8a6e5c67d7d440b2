// The booking wizard's steps and state (see NewBookingScreen.tsx for what it does):
// the draft, the route it follows (a reload resumes), the leave guard that abandons
// the temporary booking, and the step shown.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, LinearProgress, Paper, Step, StepButton, Stepper } from '@mui/material';
import { Title } from 'react-admin';
import { useLeaveGuard, rest } from '../../admin/src/ui';
import { CustomerStep, DetailsStep, PlaceStep, StayStep } from './steps';
import { Done, PriceStep, SaveStep, type SaveKind } from './PriceSteps';
import { useReferences } from './reference';
import {
  EMPTY_DRAFT,
  STEPS,
  parseRoute,
  routeUrl,
  type Draft,
  type RouteParams,
  type StepKey,
  type WizardSummary,
} from './wizardModel';
import { useDraftKeepAlive } from './useDraftKeepAlive';
import { useDraftRelease } from './useDraftRelease';
import { sessionKey, useStayLoad } from './useStayLoad';
import { useLiveQuote } from './useLiveQuote';
import { useNextStep } from './useNextStep';
import { StepFooter } from './StepFooter';

export function Wizard() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const params = useParams();
  // The route is parsed once, at mount: later URL changes are the wizard's own.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const start = useMemo(() => parseRoute(params as Record<string, string>), []);
  /** editing an existing occupancy (no temporary booking) */
  const editing = start.bookingId > 0 && start.occupancyId > 0;
  const refs = useReferences();
  const [route, setRoute] = useState<RouteParams>(start);
  const [maxStep, setMaxStep] = useState<number>(editing ? 6 : start.tempBookingId ? start.activeKey : 1);
  const [draft, setDraft] = useState<Draft>(() => ({
    ...EMPTY_DRAFT,
    placeId: Number(query.get('placeId')) || null,
    startDate: query.get('startDate') ?? '',
    endDate: query.get('endDate') ?? '',
    customerId: start.customerId || null,
  }));
  // The insurance module's « Proposée par défaut »: a new booking starts with the insurance ticked.
  useEffect(() => {
    if (editing || start.tempBookingId) return;
    rest('get', '/insurance/defaults').then(
      (d) => d.offeredByDefault && setDraft((x) => ({ ...x, withCancellationInsurance: true })),
      () => undefined,
    );
    // Read once, when the wizard opens on a new booking.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [touched, setTouched] = useState(false);
  const [stateId, setStateId] = useState<1 | 2 | 3>(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stayErr, setStayErr] = useState<Record<string, string>>({});
  /** the save was refused as stale (RECORD_CHANGED): the stay as it is now, to reload */
  const [stale, setStale] = useState<string | null>(null);
  const [saved, setSaved] = useState<WizardSummary | null>(null);
  const [kind, setKind] = useState<SaveKind>('booking');
  const [optionExpiry, setOptionExpiry] = useState('');

  const set = useCallback((patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setTouched(true);
  }, []);

  const { restoring, gone, into, edited, versions, reloadStale } = useStayLoad(start, editing, {
    setDraft,
    setError,
    setBusy,
    setStale,
  });

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

  // The live price (steps 4 to 6).
  const { quote, quoteError } = useLiveQuote(
    draft,
    editing ? route.occupancyId : route.tempOccupancyId,
    route.activeKey,
  );

  useDraftKeepAlive(route.tempBookingId, !editing && stateId === 1 && !gone);
  useDraftRelease(route.tempBookingId, !editing && stateId === 1 && !gone);

  // Leaving: confirm, then abandon the temporary booking (§2 (docs/screens.md#bookings-and-customers) "sets stateId to
  // 2").
  const tempRef = useRef(route.tempBookingId);
  tempRef.current = route.tempBookingId;
  const { dialog } = useLeaveGuard({
    when: stateId === 1 && !gone && (route.tempBookingId > 0 || touched),
    onLeave: async () => {
      if (tempRef.current) await rest('post', '/booking/{id}/abandon', { path: { id: tempRef.current }, body: {} });
      setStateId(2);
    },
  });

  const go = (k: StepKey) => {
    setError(null);
    setRoute((r) => ({ ...r, activeKey: k }));
    setMaxStep((m) => Math.max(m, k));
  };

  const next = useNextStep({
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
  });

  if (restoring || !refs) return <LinearProgress aria-label="Chargement" />;
  if (gone) {
    return (
      <Box sx={{ p: 2 }}>
        <Title title="Nouvelle réservation" />
        <Alert
          severity="info"
          action={
            <Button color="inherit" onClick={() => navigate(`/booking/${gone.booking.id}`)}>
              Ouvrir le séjour
            </Button>
          }
        >
          Le séjour {gone.booking.code} n'est plus en cours de saisie.
        </Alert>
        <Button sx={{ mt: 2 }} onClick={() => navigate('/new-booking')}>
          Nouvelle réservation
        </Button>
      </Box>
    );
  }

  const occupancyOf = (s: WizardSummary) =>
    s.occupancies?.find((o) => o.placeId === draft.placeId && o.startDate === draft.startDate) ?? s.occupancies?.[0];
  const k = route.activeKey;
  return (
    <Box sx={{ p: 2 }}>
      <Title
        title={
          edited
            ? `Modifier une occupation du séjour ${edited.code}`
            : into
              ? `Ajouter une occupation au séjour ${into.code}`
              : 'Nouvelle réservation'
        }
      />
      <Stepper nonLinear activeStep={k - 1} sx={{ mb: 2 }}>
        {STEPS.map((s) => (
          <Step key={s.key} completed={s.key < maxStep && !saved} disabled={!!saved || s.key > maxStep}>
            <StepButton onClick={() => go(s.key)}>{s.label}</StepButton>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {saved ? (
          <Done
            summary={saved}
            edited={editing}
            onPlanning={() => {
              const o = occupancyOf(saved);
              navigate(`/planning?occupancyId=${o?.id ?? ''}&placeId=${o?.placeId ?? ''}&date=${o?.startDate ?? ''}`);
            }}
            onOpen={() => navigate(`/booking/${saved.booking.id}`)}
            onNew={() => navigate('/new-booking')}
          />
        ) : (
          <>
            {k === 1 && <StayStep draft={draft} set={set} refs={refs} errors={stayErr} />}
            {k === 2 && (
              <PlaceStep
                draft={draft}
                set={set}
                tempBookingId={route.tempBookingId}
                occupancyId={editing ? route.occupancyId : 0}
                onError={setError}
              />
            )}
            {k === 3 && (
              <CustomerStep draft={draft} set={set} locked={!!into?.customerId || editing} onError={setError} />
            )}
            {k === 4 && <DetailsStep draft={draft} set={set} refs={refs} isRental={placeIsRental} />}
            {k === 5 && <PriceStep draft={draft} set={set} refs={refs} quote={quote} quoteError={quoteError} />}
            {k === 6 && (
              <SaveStep
                quote={quote}
                kind={kind}
                setKind={setKind}
                optionExpiry={optionExpiry}
                setOptionExpiry={setOptionExpiry}
                intoCode={into?.code ?? null}
                editing={edited?.code ?? null}
              />
            )}
            {error && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
            <StepFooter
              k={k}
              busy={busy}
              stale={stale}
              editing={editing}
              intoCode={into?.code ?? null}
              kind={kind}
              quote={quote}
              onReloadStale={(keep) => void reloadStale(keep)}
              onBack={() => go((k - 1) as StepKey)}
              onNext={() => void next()}
            />
          </>
        )}
      </Paper>
      {dialog}
    </Box>
  );
}
