// /plan: the site map. The uploaded plan image with every place positioned on it,
// coloured by its occupancy over the chosen night(s) in the legend bands of §9
// (below 0 % = unavailable, 0 % = free, then 10-point bands to 100 % — see
// common/planning.ts for what the rate measures); each zone shows its own rate. Click
// a place: open its stay, or start a new booking on it. Edit mode (right "plan",
// write): drag places to position them, place the ones not yet on the map, load
// another image.
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import UploadIcon from '@mui/icons-material/Upload';
import SaveIcon from '@mui/icons-material/Save';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useNotify } from 'react-admin';
import { addDays, formatDateFr, todayParis } from '../../common/dates';
import { PLAN_BANDS, bandOf, STATUS_CATEGORY_LABELS } from '../../common/planning';
import { newBookingUrl } from '../planning/shared/model';
import { api, API, useCan, useLeaveGuard, DateFieldFr } from '../../admin/src/ui';

interface PlanPlace {
  id: number;
  code: string;
  label: string | null;
  layoutId: number | null;
  typeLabel: string;
  capacity: number;
  planX: number | null;
  planY: number | null;
}
interface PlanInfo {
  id: number;
  label: string;
  imageMime: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageUpdatedAt: string | null;
  markerSize: number;
  showLegend: boolean;
}
interface StayInfo {
  occupancyId: number;
  bookingId: number;
  code: string;
  customer: string | null;
  startDate: string;
  endDate: string;
  category: keyof typeof STATUS_CATEGORY_LABELS;
}
interface PlaceState {
  placeId: number;
  rate: number | null;
  band: string;
  state: 'free' | 'occupied' | 'partial' | 'unavailable';
  stay?: StayInfo;
  arrival?: StayInfo;
  departure?: StayInfo;
}
interface Occupancy {
  date: string;
  nights: number;
  places: PlaceState[];
  layouts: { layoutId: number | null; rate: number | null; band: string; places: number }[];
  total: { rate: number | null; band: string };
}
interface PlanAnswer {
  plan: PlanInfo | null;
  places: PlanPlace[];
  layouts: { id: number; label: string; color: string | null }[];
}

const STATE_LABEL = { free: 'libre', occupied: 'occupé', partial: 'partiellement occupé', unavailable: 'indisponible' };
const rateText = (r: number | null) => (r === null ? 'indisponible' : `${String(r).replace('.', ',')} %`);

// Guarded by camp.plan where the route is declared (./index.ts).
export default function PlanScreen() {
  return <Plan />;
}

function Plan() {
  const navigate = useNavigate();
  const notify = useNotify();
  const qc = useQueryClient();
  const canWrite = useCan('camp.plan', 'write');
  const canBook = useCan('booking.booking', 'write');
  const [date, setDate] = useState(todayParis());
  const [nights, setNights] = useState(1);
  const [fit, setFit] = useState(true);
  const [edit, setEdit] = useState(false);
  const [moved, setMoved] = useState<Map<number, { planX: number | null; planY: number | null }>>(new Map());
  const [armed, setArmed] = useState<number | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; place: PlanPlace } | null>(null);
  const { data, error } = useQuery({ queryKey: ['plan'], queryFn: () => api<PlanAnswer>('/planning/plan') });
  const { data: occ } = useQuery({
    queryKey: ['plan-occupancy', date, nights],
    queryFn: () => api<Occupancy>(`/planning/plan/occupancy?date=${date}&nights=${nights}`),
    enabled: !!date,
  });
  const stateOf = useMemo(() => new Map((occ?.places ?? []).map((p) => [p.placeId, p])), [occ]);
  const fileRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(1000);
  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [data]);

  const { dialog } = useLeaveGuard({ when: moved.size > 0 });

  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (!data) return <LinearProgress aria-label="Chargement du plan" />;
  const plan = data.plan;
  const pos = (p: PlanPlace) => moved.get(p.id) ?? { planX: p.planX, planY: p.planY };
  const placed = data.places.filter((p) => pos(p).planX != null && pos(p).planY != null);
  const unplaced = data.places.filter((p) => pos(p).planX == null || pos(p).planY == null);
  const width = plan?.imageWidth ?? Math.max(600, ...placed.map((p) => pos(p).planX! + 60));
  const height = plan?.imageHeight ?? Math.max(400, ...placed.map((p) => pos(p).planY! + 60));
  const scale = fit ? Math.min(1, (boxWidth - 2) / width) : 1;
  const marker = plan?.markerSize ?? 22;
  const hasImage = !!plan?.imageMime;

  const upload = async (file: File) => {
    const fd = new FormData();
    fd.append('uploadfile', file, file.name);
    const res = await fetch(`${API}/planning/plan/image`, { method: 'POST', body: fd, credentials: 'same-origin' });
    const body = await res.json().catch(() => null);
    if (!res.ok) {
      notify(body?.message ?? 'Une erreur est survenue', { type: 'error' });
      return;
    }
    notify('Plan enregistré', { type: 'success' });
    void qc.invalidateQueries({ queryKey: ['plan'] });
  };

  const pointTo = (e: { clientX: number; clientY: number }) => {
    const r = boxRef.current!.querySelector('[data-plan-canvas]')!.getBoundingClientRect();
    const x = Math.min(width, Math.max(0, (e.clientX - r.left) / scale));
    const y = Math.min(height, Math.max(0, (e.clientY - r.top) / scale));
    return { planX: Math.round(x * 10) / 10, planY: Math.round(y * 10) / 10 };
  };
  const place = (id: number, p: { planX: number | null; planY: number | null }) =>
    setMoved((m) => new Map(m).set(id, p));

  const startDrag = (e: ReactPointerEvent<HTMLElement>, p: PlanPlace) => {
    if (!edit) return;
    e.preventDefault();
    const el = e.currentTarget;
    el.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => place(p.id, pointTo(ev));
    const up = () => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
  };

  const savePositions = async () => {
    try {
      await api('/planning/plan/positions', {
        method: 'PUT',
        json: { positions: [...moved].map(([placeId, p]) => ({ placeId, ...p })) },
      });
      setMoved(new Map());
      setEdit(false);
      notify('Positions enregistrées', { type: 'success' });
      void qc.invalidateQueries({ queryKey: ['plan'] });
    } catch (e: any) {
      notify(e.message, { type: 'error' });
    }
  };

  const layoutLabel = (id: number | null) => data.layouts.find((l) => l.id === id)?.label ?? 'Sans zone';

  return (
    <Box sx={{ p: 1 }}>
      <Title title="Plan du camping" />
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <DateFieldFr label="Nuit du" value={date} onChange={(v) => v && setDate(v)} data-testid="plan-date" />
        <TextField
          size="small"
          type="number"
          label="Nuits"
          value={nights}
          onChange={(e) => setNights(Math.max(1, Math.min(366, Number(e.target.value) || 1)))}
          sx={{ width: 90 }}
          inputProps={{ min: 1, max: 366 }}
        />
        <Typography variant="body2">
          du {formatDateFr(date)} au {formatDateFr(addDays(date, nights))}
          {occ ? ` — occupation ${rateText(occ.total.rate)}` : ''}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={fit ? 'fit' : 'real'}
          onChange={(_, v) => v && setFit(v === 'fit')}
          aria-label="Taille"
        >
          <ToggleButton value="fit">Ajuster</ToggleButton>
          <ToggleButton value="real">Taille réelle</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        {canWrite && !edit && (
          <Button size="small" startIcon={<EditIcon />} onClick={() => setEdit(true)}>
            Modifier les positions
          </Button>
        )}
        {canWrite && edit && (
          <>
            <Button
              size="small"
              variant="contained"
              startIcon={<SaveIcon />}
              disabled={!moved.size}
              onClick={() => void savePositions()}
            >
              Enregistrer les positions ({moved.size})
            </Button>
            <Button
              size="small"
              onClick={() => {
                setMoved(new Map());
                setEdit(false);
                setArmed(null);
              }}
            >
              Annuler
            </Button>
          </>
        )}
        {canWrite && (
          <>
            <Button size="small" startIcon={<UploadIcon />} onClick={() => fileRef.current?.click()}>
              {hasImage ? 'Remplacer le plan' : 'Charger le plan'}
            </Button>
            <input
              ref={fileRef}
              type="file"
              hidden
              accept=".jpg,.jpeg,.png,.gif"
              data-testid="plan-upload"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void upload(f);
              }}
            />
          </>
        )}
      </Stack>
      {!hasImage && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Aucune image de plan : les emplacements sont placés sur un fond neutre. Formats acceptés : .jpg, .jpeg, .png,
          .gif.
        </Alert>
      )}
      {edit && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Faites glisser les emplacements sur le plan. Pour placer un emplacement absent du plan, choisissez-le dans la
          liste puis cliquez sur le plan.
        </Alert>
      )}
      {/* The canvas takes the room left by the side panel and never widens the page (its
          width is measured to fit the plan: a width of its own would feed back). */}
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <Box
          ref={boxRef}
          sx={{
            flex: '1 1 0',
            width: 0,
            minWidth: 0,
            overflow: 'auto',
            maxHeight: 'calc(100vh - 230px)',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <Box
            data-plan-canvas
            role="img"
            aria-label={`Plan du camping, occupation du ${formatDateFr(date)}`}
            onClick={(e) => {
              if (edit && armed != null) {
                place(armed, pointTo(e));
                setArmed(null);
              }
            }}
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
              const who = s?.stay ? ` — ${s.stay.code}${s.stay.customer ? ` ${s.stay.customer}` : ''}` : '';
              const label = `${p.code} : ${s ? STATE_LABEL[s.state] : '…'}${s ? ` (${rateText(s.rate)})` : ''}${who}`;
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
                      if (!edit) setMenu({ anchor: e.currentTarget as HTMLElement, place: p });
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
        </Box>
        <Stack spacing={1} sx={{ width: 260, flexShrink: 0 }}>
          {(plan?.showLegend ?? true) && (
            <Paper variant="outlined" sx={{ p: 1 }}>
              <Typography variant="subtitle2" gutterBottom>
                Légende : taux d'occupation
              </Typography>
              <Box
                component="ul"
                aria-label="Légende du plan"
                sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.25 }}
              >
                {PLAN_BANDS.map((b) => (
                  <Box component="li" key={b.key} sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: 13 }}>
                    <Box
                      sx={{
                        width: 18,
                        height: 14,
                        borderRadius: 0.5,
                        bgcolor: b.background,
                        border: '1px solid rgba(0,0,0,.3)',
                      }}
                    />
                    {b.label}
                  </Box>
                ))}
              </Box>
              <Typography variant="caption" color="text.secondary">
                Part des nuits occupées sur la période ; « inférieur à 0 % » : emplacement indisponible sur toute la
                période.
              </Typography>
            </Paper>
          )}
          <Paper variant="outlined" sx={{ p: 1 }}>
            <Typography variant="subtitle2" gutterBottom>
              Zones
            </Typography>
            <Stack spacing={0.5}>
              {(occ?.layouts ?? []).map((z) => {
                const b = bandOf(z.rate);
                return (
                  <Chip
                    key={String(z.layoutId)}
                    size="small"
                    label={`${layoutLabel(z.layoutId)} : ${rateText(z.rate)}`}
                    sx={{ bgcolor: b.background, color: b.color, justifyContent: 'flex-start' }}
                    data-testid={`zone-rate-${z.layoutId}`}
                  />
                );
              })}
            </Stack>
          </Paper>
          {edit && (
            <Paper variant="outlined" sx={{ p: 1, maxHeight: 320, overflow: 'auto' }}>
              <Typography variant="subtitle2">Hors du plan ({unplaced.length})</Typography>
              <List dense>
                {unplaced.map((p) => (
                  <ListItemButton
                    key={p.id}
                    selected={armed === p.id}
                    onClick={() => setArmed(armed === p.id ? null : p.id)}
                  >
                    <ListItemText primary={p.code} secondary={p.typeLabel} />
                  </ListItemButton>
                ))}
              </List>
            </Paper>
          )}
        </Stack>
      </Stack>
      <Menu open={!!menu} anchorEl={menu?.anchor} onClose={() => setMenu(null)}>
        {menu &&
          (() => {
            const s = stateOf.get(menu.place.id);
            const items = [];
            if (s?.stay)
              items.push(
                <MenuItem key="open" onClick={() => navigate(`/booking/${s.stay!.bookingId}`)}>
                  Ouvrir le séjour {s.stay.code}
                  {s.stay.customer ? ` — ${s.stay.customer}` : ''}
                </MenuItem>,
              );
            if (s?.arrival && s.arrival.occupancyId !== s.stay?.occupancyId)
              items.push(
                <MenuItem key="arr" onClick={() => navigate(`/booking/${s.arrival!.bookingId}`)}>
                  Arrivée : {s.arrival.code}
                </MenuItem>,
              );
            if (s?.departure)
              items.push(
                <MenuItem key="dep" onClick={() => navigate(`/booking/${s.departure!.bookingId}`)}>
                  Départ : {s.departure.code}
                </MenuItem>,
              );
            if (canBook && s && s.state !== 'unavailable' && !s.stay)
              items.push(
                <MenuItem key="new" onClick={() => navigate(newBookingUrl(menu.place.id, date, addDays(date, nights)))}>
                  Nouvelle réservation sur {menu.place.code}
                </MenuItem>,
              );
            items.push(
              <MenuItem key="planning" onClick={() => navigate(`/planning?placeId=${menu.place.id}&date=${date}`)}>
                Voir au planning
              </MenuItem>,
            );
            return items;
          })()}
      </Menu>
      {dialog}
    </Box>
  );
}
