// /price/period/{priceGridPeriodId}/grid/{priceGridId}/{historyVersion}: a price period
// of a grid. Id 0 adds one. In the current version it is edited (saving makes a new
// version of the grid and goes back to it); in an older version it is read-only.
import { useNavigate, useParams } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import { Loading, TextInput, Title } from 'react-admin';
import { meta as periodMeta } from '../../common/generated/meta/price-grid-period';
import { choicesOf, currentGridPath, HistoryBanner, WeekdaysInput, withRoutes } from './common';
import { ReadOnlyFields } from './ReadOnlyFields';
import { useGridVersion } from './useGridVersion';
import { DateInputFr, EntityForm, EnumInput, MoneyInput, NumberInputFr, NotFound } from '../../admin/src/ui';

export const periodScreenMeta = withRoutes(
  periodMeta,
  '/price/grid/:priceGridId/0/0/0',
  '/price/period/:priceGridPeriodId/grid/:priceGridId/:historyVersion',
);

const FIELDS = [
  'label',
  'periodType',
  'startDate',
  'endDate',
  'arrivalDays',
  'departureDays',
  'minNights',
  'minNightsOperator',
  'pricePerNight',
  'pricePerWeek',
  'pricePerStay',
  'firstNightPrice',
  'extraNightPrice',
];

function PeriodFields() {
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput source="label" label="Libellé" isRequired />
        <EnumInput source="periodType" label="Type de période" choices={choicesOf(periodMeta, 'periodType')} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <DateInputFr source="startDate" label="Début" isRequired />
        <DateInputFr source="endDate" label="Fin (exclue)" isRequired />
      </Box>
      <WeekdaysInput source="arrivalDays" label="Jours d'arrivée" />
      <WeekdaysInput source="departureDays" label="Jours de départ" />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <EnumInput
          source="minNightsOperator"
          label="Nombre de nuits"
          choices={choicesOf(periodMeta, 'minNightsOperator')}
        />
        <NumberInputFr source="minNights" label="Nuits" integer />
      </Box>
      <Typography variant="subtitle2">Prix (selon le modèle de la grille)</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <MoneyInput source="pricePerNight" label="Prix par nuit" />
        <MoneyInput source="pricePerWeek" label="Prix par semaine" />
        <MoneyInput source="pricePerStay" label="Prix du séjour (forfait)" />
        <MoneyInput source="firstNightPrice" label="Prix de la première nuit" />
        <MoneyInput source="extraNightPrice" label="Prix de la nuit supplémentaire" />
      </Box>
    </>
  );
}

export default function PeriodScreen() {
  const params = useParams();
  const navigate = useNavigate();
  const gridId = Number(params.priceGridId);
  const periodId = Number(params.priceGridPeriodId);
  const wanted = Number(params.historyVersion);
  const ok =
    [params.priceGridId, params.priceGridPeriodId, params.historyVersion].every((x) => /^\d+$/.test(x ?? '')) &&
    gridId > 0;
  const { grid, ready, failed, isCurrent, snapshot } = useGridVersion(ok ? gridId : 0, wanted);
  if (!ok || failed) return <NotFound />;
  if (!ready) return <Loading />;
  if (isCurrent) {
    return (
      <>
        <Typography variant="subtitle1" sx={{ px: 2, pt: 2 }}>
          Grille « {grid!.label} », version {grid!.historyVersion}
        </Typography>
        <EntityForm meta={periodScreenMeta}>
          <PeriodFields />
        </EntityForm>
      </>
    );
  }
  const period = snapshot!.periods.find((p) => p.id === periodId);
  if (!period) return <NotFound />;
  return (
    <Box sx={{ p: 2 }}>
      <Title title={`${snapshot!.grid.label} : période (version ${wanted})`} />
      <HistoryBanner version={wanted} current={grid!.historyVersion} to={() => navigate(currentGridPath(gridId))} />
      <ReadOnlyFields meta={periodMeta} record={period} fields={FIELDS} />
    </Box>
  );
}
