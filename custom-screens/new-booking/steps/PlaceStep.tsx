// Step 2 of the wizard: the free places for the dates and persons, with their prices.
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  Radio,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { formatCents } from '../../../common/money';
import { formatDateFr } from '../../../common/dates';
import type { Draft } from '../wizardModel';
import { errorText, occupantList, persons } from '../wizardModel';
import { rest, type RestAnswer } from '../../../admin/src/ui';
import { type SetDraft } from './shared';

/** POST /rest/planning/offer: PlanningOffer (api/domain/planning/openapi.ts). */
type OfferAnswer = RestAnswer<'/planning/offer', 'post'>;
export type OfferPlace = OfferAnswer['places'][number];

/** The plural mark of a French noun counted `n` times. */
const pluralS = (n: number) => (n > 1 ? 's' : '');

export function PlaceStep({
  draft,
  set,
  tempBookingId,
  occupancyId,
  onError,
}: {
  draft: Draft;
  set: SetDraft;
  tempBookingId: number;
  occupancyId: number;
  onError: (m: string) => void;
}) {
  const [data, setData] = useState<OfferAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    rest('post', '/planning/offer', {
      body: {
        startDate: draft.startDate,
        endDate: draft.endDate,
        occupants: occupantList(draft),
        placeTypeId: draft.placeTypeId,
        layoutId: draft.layoutId,
        featureIds: draft.featureIds,
        channelId: draft.accessChannelId,
        partnerId: draft.partnerId,
        promoCode: draft.promoCode || null,
        tempBookingId: tempBookingId || null,
        occupancyId: occupancyId || null,
      },
    })
      .then((r) => {
        if (live) setData(r);
      })
      .catch((e) => {
        if (live) onError(errorText(e));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // Once, when the step opens: the draft of that moment is searched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (loading || !data) return <LinearProgress aria-label="Recherche des emplacements libres" />;
  const chosenMissing = draft.placeId && !data.places.some((p) => p.placeId === draft.placeId);
  const warningsOf = new Map(data.types.map((t) => [t.placeTypeId, t]));
  return (
    <Stack spacing={1}>
      <Typography>
        {data.places.length} emplacement{pluralS(data.places.length)} libre{pluralS(data.places.length)} du{' '}
        {formatDateFr(draft.startDate)} au {formatDateFr(draft.endDate)} pour {persons(draft)} personne
        {pluralS(persons(draft))}.
      </Typography>
      {chosenMissing && (
        <Alert severity="warning">
          L'emplacement choisi sur le planning n'est pas libre pour ces dates ou ne peut pas accueillir ces occupants :
          choisissez-en un autre.
        </Alert>
      )}
      {!data.places.length && <Alert severity="info">Aucun emplacement libre pour ces dates</Alert>}
      <Box sx={{ maxHeight: '55vh', overflow: 'auto' }}>
        <Table size="small" stickyHeader aria-label="Emplacements libres">
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>Emplacement</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Zone</TableCell>
              <TableCell align="right">Capacité</TableCell>
              <TableCell>Caractéristiques</TableCell>
              <TableCell align="right">Prix du séjour</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.places.map((p) => {
              const t = warningsOf.get(p.placeTypeId);
              const selected = draft.placeId === p.placeId;
              return (
                <TableRow
                  key={p.placeId}
                  hover
                  selected={selected}
                  onClick={() => set({ placeId: p.placeId })}
                  sx={{ cursor: 'pointer' }}
                  data-testid={`nb-place-${p.code}`}
                >
                  <TableCell padding="checkbox">
                    <Radio checked={selected} inputProps={{ 'aria-label': `Choisir ${p.code}` }} />
                  </TableCell>
                  <TableCell>
                    <strong>{p.code}</strong>
                    {p.label ? ` — ${p.label}` : ''}
                    {p.heldByDraft ? (occupancyId ? ' (emplacement actuel)' : ' (réservé par cette saisie)') : ''}
                  </TableCell>
                  <TableCell>{p.placeTypeLabel}</TableCell>
                  <TableCell>{p.layoutLabel ?? ''}</TableCell>
                  <TableCell align="right">{p.capacity}</TableCell>
                  <TableCell>
                    {p.features.map((f) => (
                      <Chip key={f.id} label={f.label} size="small" sx={{ mr: 0.5 }} />
                    ))}
                  </TableCell>
                  <TableCell align="right">
                    {p.total == null ? (
                      <Typography variant="body2" color="text.secondary">
                        {p.priceError ?? 'Tarif indisponible'}
                      </Typography>
                    ) : (
                      formatCents(p.total)
                    )}
                    {t && t.warnings.length > 0 && (
                      <Tooltip title={t.warnings.map((w) => w.message).join(' ; ')}>
                        <WarningAmberIcon
                          fontSize="small"
                          color="warning"
                          sx={{ ml: 0.5, verticalAlign: 'middle' }}
                          aria-label={t.warnings.map((w) => w.message).join(' ; ')}
                        />
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}
