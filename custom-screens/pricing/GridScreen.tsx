// /price/grid/{priceGridId}/{priceGridModeleId}/{placeTypeId}/{historyVersion}: one price
// grid with its periods and options as sub-lists, its history and a quote simulator.
// Id 0 creates a grid (the model and place type of the route pre-filled). Version 0,
// or a route not matching the grid, goes to the current version; an older version is
// shown read-only from its stored copy.
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Edit, Loading, SimpleForm, Title, useNotify } from 'react-admin';
import { meta as gridMeta } from '../../common/generated/meta/price-grid';
import { gridPath, HistoryBanner, optionPath, periodPath, Section, type Row } from './common';
import { QuotePanel } from './QuotePanel';
import type { GridVersion } from './gridModel';
import { GridCreate, GridFields, GridToolbar } from './GridForm';
import { OptionsTable, PeriodsTable } from './GridTables';
import { ReadOnlyGrid, Versions } from './GridHistory';
import { useGridView } from './useGridView';
import { useCan, useFormValidator, NotFound } from '../../admin/src/ui';

function GridView({ id }: { id: number }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const canWrite = useCan('stay.price', 'write');
  const validate = useFormValidator(gridMeta);
  const { failed, grid, snapshot } = useGridView(id);
  if (failed) return <NotFound />;
  if (!grid || !snapshot) return <Loading />;
  // The stored rows are open objects (their columns of the day): the screen reads them as rows.
  const v: GridVersion = snapshot;
  const isCurrent = v.historyVersion === grid.historyVersion;
  const editable = isCurrent && canWrite;
  const refresh = () => client.invalidateQueries({ queryKey: ['pricing'] });
  return (
    <Box sx={{ p: 2, contain: 'inline-size' }}>
      <Title title={`Grille tarifaire « ${grid.label} »`} />
      <Typography variant="h5" component="h1" gutterBottom>
        {v.grid.label} <Chip label={`version ${v.historyVersion}`} size="small" sx={{ verticalAlign: 'middle' }} />
      </Typography>
      {!isCurrent && (
        <HistoryBanner version={v.historyVersion} current={grid.historyVersion} to={() => navigate(gridPath(grid))} />
      )}
      {isCurrent ? (
        <Edit
          resource="price-grid"
          id={id}
          mutationMode="pessimistic"
          redirect={false}
          title=" "
          actions={false}
          mutationOptions={{
            onSuccess: (data: Row) => {
              notify('Grille enregistrée', { type: 'success' });
              refresh();
              navigate(gridPath(data), { replace: true });
            },
          }}
        >
          <SimpleForm validate={validate} toolbar={<GridToolbar />} disabled={!canWrite}>
            <GridFields />
          </SimpleForm>
        </Edit>
      ) : (
        <ReadOnlyGrid grid={v.grid} />
      )}
      <Section
        title="Périodes"
        actions={
          editable && (
            <Button
              component={RouterLink}
              to={periodPath(0, id, v.historyVersion)}
              startIcon={<AddIcon />}
              size="small"
            >
              Nouvelle période
            </Button>
          )
        }
      >
        <PeriodsTable v={v} />
      </Section>
      <Section
        title="Options et prix par période"
        actions={
          editable && (
            <Button
              component={RouterLink}
              to={optionPath(0, id, v.historyVersion)}
              startIcon={<AddIcon />}
              size="small"
            >
              Nouvelle option
            </Button>
          )
        }
      >
        <OptionsTable v={v} />
      </Section>
      <Section title="Simulation de prix">
        <QuotePanel grid={v} historyVersion={isCurrent ? null : v.historyVersion} />
      </Section>
      <Section title="Historique des versions">
        <Versions gridId={id} current={grid.historyVersion} shown={v.historyVersion} />
      </Section>
    </Box>
  );
}

export default function GridScreen() {
  const params = useParams();
  const raw = params.priceGridId ?? '';
  if (!/^\d+$/.test(raw) || !/^\d+$/.test(params.historyVersion ?? '')) return <NotFound />;
  return raw === '0' ? <GridCreate /> : <GridView id={Number(raw)} key={raw} />;
}
