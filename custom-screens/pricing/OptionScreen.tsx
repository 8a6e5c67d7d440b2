// /price/option/{priceGridOptionId}/grid/{priceGridId}/{historyVersion}: an option of a
// grid (an age category, extra, animal or vehicle) and its price in each period. Id 0
// adds one. In the current version it is edited (the prices of every period are saved
// at once: one new version); in an older version it is read-only.
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { BooleanInput, Loading, TextInput, Title, useNotify, type HttpError } from 'react-admin';
import { meta as optionMeta } from '../../common/generated/meta/price-grid-option';
import { formatCents, parseEurosToCents } from '../../common/money';
import { choicesOf, currentGridPath, dateFr, euros, HistoryBanner, Section, withRoutes, type Row } from './common';
import { ReadOnlyFields } from './ReadOnlyFields';
import { useGridVersion } from './useGridVersion';
import type { GridVersion } from './gridModel';
import {
  rest,
  type RestBody,
  useCan,
  EntityForm,
  EnumInput,
  NumberInputFr,
  RefInput,
  NotFound,
} from '../../admin/src/ui';

export const optionScreenMeta = withRoutes(
  optionMeta,
  '/price/grid/:priceGridId/0/0/0',
  '/price/option/:priceGridOptionId/grid/:priceGridId/:historyVersion',
);

const FIELDS = [
  'label',
  'ageCategoryId',
  'extraId',
  'animalTypeId',
  'vehicleTypeId',
  'isRequired',
  'includedQuantity',
  'priceUnit',
  'tvaId',
  'order',
];

function OptionFields() {
  return (
    <>
      <TextInput source="label" label="Libellé (vide : celui de la prestation)" />
      <Typography variant="body2" color="text.secondary">
        Une seule prestation par option :
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <RefInput source="ageCategoryId" label="Catégorie d'âge" reference="age-category" optionText="label" />
        <RefInput source="extraId" label="Extra" reference="extra" optionText="label" />
        <RefInput source="animalTypeId" label="Type d'animal" reference="animal-type" optionText="label" />
        <RefInput source="vehicleTypeId" label="Type de véhicule" reference="vehicle-type" optionText="label" />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <BooleanInput source="isRequired" label="Obligatoire" />
        <NumberInputFr source="includedQuantity" label="Quantité incluse" integer />
        <EnumInput
          source="priceUnit"
          label="Unité de prix (hors catégories d'âge)"
          choices={choicesOf(optionMeta, 'priceUnit')}
        />
        <RefInput source="tvaId" label="TVA (vide : celle de la prestation)" reference="tva" optionText="label" />
        <NumberInputFr source="order" label="Ordre" integer />
      </Box>
    </>
  );
}

/** "1-3 = 7,00 ; 4+ = 5,00" ⇄ slices */
function slicesText(slices: Row[] | undefined): string {
  return (slices ?? [])
    .map((s) => `${s.fromNight}${s.toNight == null ? '+' : `-${s.toNight}`} = ${formatCents(s.price, false)}`)
    .join(' ; ');
}
function parseSlices(text: string): Row[] | null {
  if (!text.trim()) return [];
  const out: Row[] = [];
  for (const part of text.split(';')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)|(\+))\s*=\s*([\d\s,.]+)\s*€?\s*$/.exec(part);
    const price = m ? parseEurosToCents(m[4]) : null;
    if (!m || price === null || Number.isNaN(price)) return null;
    out.push({ fromNight: Number(m[1]), toNight: m[3] ? null : Number(m[2]), price });
  }
  return out;
}

function OptionPrices({ v, optionId, editable }: { v: GridVersion; optionId: number; editable: boolean }) {
  const notify = useNotify();
  const client = useQueryClient();
  const navigate = useNavigate();
  const option = v.options.find((o) => o.id === optionId)!;
  const withSlices = !!option.ageCategoryId && v.grid.occupantPriceModel === 2;
  const stored = (periodId: number) =>
    v.prices.find((p) => p.priceGridOptionId === optionId && p.priceGridPeriodId === periodId);
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [slices, setSlices] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setTexts({});
    setSlices({});
  }, [v.historyVersion]);
  const textOf = (periodId: number) =>
    texts[periodId] ?? (stored(periodId) ? formatCents(stored(periodId)!.price, false) : '');
  const save = async () => {
    setError(null);
    const prices: RestBody<'/pricing/grid/{id}/option/{optionId}/prices', 'put'>['prices'] = [];
    for (const p of v.periods) {
      const cents = parseEurosToCents(textOf(p.id));
      if (cents !== null && Number.isNaN(cents)) return setError(`Montant invalide pour « ${p.label} »`);
      const cell: (typeof prices)[number] = { priceGridPeriodId: p.id, price: cents };
      if (withSlices) {
        const parsed = parseSlices(slices[p.id] ?? slicesText(stored(p.id)?.slices));
        if (!parsed) return setError(`Tranches invalides pour « ${p.label} » (ex. : 1-3 = 7,00 ; 4+ = 5,00)`);
        cell.slices = parsed;
      }
      prices.push(cell);
    }
    try {
      const r = await rest('put', '/pricing/grid/{id}/option/{optionId}/prices', {
        path: { id: v.grid.id, optionId },
        body: { prices },
      });
      notify(`Prix enregistrés (version ${r.historyVersion})`, { type: 'success' });
      await client.invalidateQueries({ queryKey: ['pricing'] });
      navigate(currentGridPath(v.grid.id));
    } catch (e) {
      const { body, message } = e as HttpError;
      const fields = body?.errors ? Object.values(body.errors).join(' ; ') : '';
      setError(fields ? `${message} : ${fields}` : message);
    }
  };
  return (
    <Section
      title="Prix par période"
      actions={
        editable && (
          <Button variant="contained" size="small" startIcon={<SaveIcon />} onClick={save}>
            Enregistrer les prix
          </Button>
        )
      }
    >
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Paper variant="outlined">
        <Table size="small" aria-label="Prix par période">
          <TableHead>
            <TableRow>
              {[
                'Période',
                'Du',
                'Au (exclu)',
                'Prix (vide : non vendu)',
                ...(withSlices ? ['Tranches de nuits'] : []),
              ].map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {v.periods.map((p) => (
              <TableRow key={p.id}>
                <TableCell>{p.label}</TableCell>
                <TableCell>{dateFr(p.startDate)}</TableCell>
                <TableCell>{dateFr(p.endDate)}</TableCell>
                <TableCell>
                  {editable ? (
                    <TextField
                      size="small"
                      value={textOf(p.id)}
                      onChange={(e) => setTexts({ ...texts, [p.id]: e.target.value })}
                      slotProps={{
                        htmlInput: { inputMode: 'decimal', name: `price-${p.id}` },
                        input: { endAdornment: <span style={{ marginLeft: 4 }}>€</span> },
                      }}
                      sx={{ width: 160 }}
                    />
                  ) : (
                    euros(stored(p.id)?.price) || '—'
                  )}
                </TableCell>
                {withSlices && (
                  <TableCell>
                    {editable ? (
                      <TextField
                        size="small"
                        placeholder="1-3 = 7,00 ; 4+ = 5,00"
                        value={slices[p.id] ?? slicesText(stored(p.id)?.slices)}
                        onChange={(e) => setSlices({ ...slices, [p.id]: e.target.value })}
                        sx={{ width: 280 }}
                      />
                    ) : (
                      slicesText(stored(p.id)?.slices)
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
            {!v.periods.length && (
              <TableRow>
                <TableCell colSpan={4}>La grille n'a pas encore de période.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
    </Section>
  );
}

export default function OptionScreen() {
  const params = useParams();
  const navigate = useNavigate();
  const canWrite = useCan('stay.price', 'write');
  const gridId = Number(params.priceGridId);
  const optionId = Number(params.priceGridOptionId);
  const wanted = Number(params.historyVersion);
  const ok =
    [params.priceGridId, params.priceGridOptionId, params.historyVersion].every((x) => /^\d+$/.test(x ?? '')) &&
    gridId > 0;
  const { grid, ready, failed, isCurrent, snapshot } = useGridVersion(ok ? gridId : 0, wanted);
  if (!ok || failed) return <NotFound />;
  if (!ready) return <Loading />;
  const inVersion = snapshot!.options.some((o) => o.id === optionId);
  if (isCurrent) {
    return (
      <>
        <Typography variant="subtitle1" sx={{ px: 2, pt: 2 }}>
          Grille « {grid!.label} », version {grid!.historyVersion}
        </Typography>
        <EntityForm meta={optionScreenMeta}>
          <OptionFields />
        </EntityForm>
        {optionId > 0 && inVersion && (
          <Box sx={{ px: 2, pb: 2 }}>
            <OptionPrices v={snapshot!} optionId={optionId} editable={canWrite} />
          </Box>
        )}
      </>
    );
  }
  const option = snapshot!.options.find((o) => o.id === optionId);
  if (!option) return <NotFound />;
  return (
    <Box sx={{ p: 2 }}>
      <Title title={`${snapshot!.grid.label} : option (version ${wanted})`} />
      <HistoryBanner version={wanted} current={grid!.historyVersion} to={() => navigate(currentGridPath(gridId))} />
      <ReadOnlyFields meta={optionMeta} record={option} fields={FIELDS} />
      <OptionPrices v={snapshot!} optionId={optionId} editable={false} />
    </Box>
  );
}
