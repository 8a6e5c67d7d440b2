// /price/grid/{priceGridId}/{priceGridModeleId}/{placeTypeId}/{historyVersion}: one price
// grid with its periods and options as sub-lists, its history and a quote simulator.
// Id 0 creates a grid (the model and place type of the route pre-filled). Version 0,
// or a route not matching the grid, goes to the current version; an older version is
// shown read-only from its stored copy.
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Chip,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  BooleanInput,
  Create,
  DeleteWithConfirmButton,
  Edit,
  Loading,
  SaveButton,
  SimpleForm,
  TextInput,
  Title,
  Toolbar,
  useNotify,
} from 'react-admin';
import { meta as gridMeta } from '../../common/generated/meta/price-grid';
import { meta as periodMeta } from '../../common/generated/meta/price-grid-period';
import { meta as optionMeta } from '../../common/generated/meta/price-grid-option';
import {
  choicesOf,
  currentGridPath,
  dateFr,
  euros,
  GRID_LIST,
  gridPath,
  HistoryBanner,
  IdsInput,
  labelOf,
  optionPath,
  periodPath,
  Section,
  weekdays,
  type Row,
} from './common';
import { QuotePanel } from './QuotePanel';
import { api, useCan, EnumInput, NumberInputFr, RefInput, useFormValidator, NotFound } from '../../admin/src/ui';

export interface GridVersion {
  grid: Row;
  periods: Row[];
  options: Row[];
  prices: Row[];
  historyVersion: number;
  isCurrent: boolean;
}

function GridFields() {
  return (
    <>
      <TextInput source="label" label="Libellé" isRequired sx={{ minWidth: 420 }} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <RefInput
          source="placeTypeId"
          label="Type d'emplacement"
          reference="place-type"
          optionText="label"
          isRequired
        />
        <EnumInput source="priceModel" label="Modèle de prix" choices={choicesOf(gridMeta, 'priceModel')} />
        <EnumInput
          source="occupantPriceModel"
          label="Modèle de prix des occupants"
          choices={choicesOf(gridMeta, 'occupantPriceModel')}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <RefInput
          source="tvaId"
          label="TVA de l'hébergement (vide : celle du type d'emplacement)"
          reference="tva"
          optionText="label"
        />
        <NumberInputFr source="includedOccupants" label="Personnes comprises dans le forfait" integer />
      </Box>
      <IdsInput
        source="partnerIds"
        label="Partenaires (vide : grille publique)"
        reference="partner"
        optionText="name"
      />
      <BooleanInput source="isActive" label="Active" />
      <TextInput source="description" label="Description" multiline minRows={2} sx={{ minWidth: 420 }} />
    </>
  );
}

function GridToolbar({ creating }: { creating?: boolean }) {
  const navigate = useNavigate();
  const canWrite = useCan('stay.price', 'write');
  const canDelete = useCan('stay.price', 'delete');
  return (
    <Toolbar sx={{ display: 'flex', gap: 1 }}>
      {canWrite && <SaveButton label="Enregistrer" alwaysEnable={creating} />}
      <Button onClick={() => navigate(GRID_LIST)} startIcon={<ArrowBackIcon />}>
        Retour
      </Button>
      <span style={{ flex: 1 }} />
      {canDelete && !creating && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          redirect={GRID_LIST}
          confirmTitle="Supprimer cette grille tarifaire ?"
          confirmContent={
            'La grille, ses périodes, ses options, ' + 'ses prix et son historique seront supprimés définitivement.'
          }
        />
      )}
    </Toolbar>
  );
}

function GridCreate() {
  const params = useParams();
  const navigate = useNavigate();
  const validate = useFormValidator(gridMeta);
  const defaults = useQuery({
    queryKey: ['defaults', 'price-grid'],
    queryFn: () => api<Row>('/price-grid/edit/0'),
    staleTime: 0,
  });
  if (defaults.isPending) return <Loading />;
  const { id: _id, ...record } = defaults.data ?? {};
  const model = Number(params.priceGridModeleId);
  const placeType = Number(params.placeTypeId);
  if (model > 0) record.priceModel = model;
  if (placeType > 0) record.placeTypeId = placeType;
  return (
    <Create
      resource="price-grid"
      record={record}
      title="Nouvelle grille tarifaire"
      mutationOptions={{ onSuccess: (data: Row) => navigate(gridPath(data), { replace: true }) }}
    >
      <SimpleForm validate={validate} toolbar={<GridToolbar creating />} warnWhenUnsavedChanges>
        <GridFields />
      </SimpleForm>
    </Create>
  );
}

const cell = { whiteSpace: 'nowrap' } as const;

function PeriodsTable({ v }: { v: GridVersion }) {
  const { grid, periods, historyVersion } = v;
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Périodes">
        <TableHead>
          <TableRow>
            {[
              'Libellé',
              'Type',
              'Du',
              'Au (exclu)',
              'Arrivée',
              'Départ',
              'Nuits min.',
              'Prix / nuit',
              'Semaine',
              'Séjour',
              '1re nuit',
              'Nuit supp.',
            ].map((h) => (
              <TableCell key={h} sx={cell}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {periods.map((p) => (
            <TableRow key={p.id} hover>
              <TableCell sx={cell}>
                <Link component={RouterLink} to={periodPath(p.id, grid.id, historyVersion)}>
                  {p.label}
                </Link>
              </TableCell>
              <TableCell>{labelOf(periodMeta, 'periodType', p.periodType)}</TableCell>
              <TableCell sx={cell}>{dateFr(p.startDate)}</TableCell>
              <TableCell sx={cell}>{dateFr(p.endDate)}</TableCell>
              <TableCell>{weekdays(p.arrivalDays)}</TableCell>
              <TableCell>{weekdays(p.departureDays)}</TableCell>
              <TableCell sx={cell}>
                {p.minNights
                  ? `${labelOf(periodMeta, 'minNightsOperator', p.minNightsOperator).toLowerCase()} ${p.minNights}`
                  : ''}
              </TableCell>
              {['pricePerNight', 'pricePerWeek', 'pricePerStay', 'firstNightPrice', 'extraNightPrice'].map((f) => (
                <TableCell key={f} align="right" sx={cell} data-field={f}>
                  {euros(p[f])}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {!periods.length && (
            <TableRow>
              <TableCell colSpan={12}>Aucune période : la grille ne donne encore aucun prix.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}

function itemOf(o: Row): string {
  if (o.ageCategoryId) return "Catégorie d'âge";
  if (o.extraId) return 'Extra';
  if (o.animalTypeId) return 'Animal';
  if (o.vehicleTypeId) return 'Véhicule';
  return '';
}

function OptionsTable({ v }: { v: GridVersion }) {
  const { grid, periods, options, prices, historyVersion } = v;
  const price = (o: Row, p: Row) => prices.find((x) => x.priceGridOptionId === o.id && x.priceGridPeriodId === p.id);
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Options">
        <TableHead>
          <TableRow>
            {['Option', 'Prestation', 'Obligatoire', 'Qté incluse', 'Unité'].map((h) => (
              <TableCell key={h} sx={cell}>
                {h}
              </TableCell>
            ))}
            {periods.map((p) => (
              <TableCell key={p.id} align="right" sx={cell}>
                {p.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {options.map((o) => (
            <TableRow key={o.id} hover>
              <TableCell sx={cell}>
                <Link component={RouterLink} to={optionPath(o.id, grid.id, historyVersion)}>
                  {o.label || `Option ${o.id}`}
                </Link>
              </TableCell>
              <TableCell>{itemOf(o)}</TableCell>
              <TableCell>{o.isRequired ? 'oui' : ''}</TableCell>
              <TableCell align="right">{o.includedQuantity || ''}</TableCell>
              <TableCell>
                {o.ageCategoryId
                  ? labelOf(gridMeta, 'occupantPriceModel', grid.occupantPriceModel)
                  : labelOf(optionMeta, 'priceUnit', o.priceUnit)}
              </TableCell>
              {periods.map((p) => {
                const x = price(o, p);
                return (
                  <TableCell key={p.id} align="right" sx={cell}>
                    {x ? euros(x.price) : '—'}
                    {x?.slices?.length ? ' (tranches)' : ''}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          {!options.length && (
            <TableRow>
              <TableCell colSpan={5 + periods.length}>
                Aucune option : occupants, extras, animaux et véhicules sont gratuits.
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}

function Versions({ gridId, current, shown }: { gridId: number; current: number; shown: number }) {
  const q = useQuery({
    queryKey: ['pricing', 'versions', gridId, current],
    queryFn: () => api<Row[]>(`/pricing/grid/${gridId}/versions`),
  });
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ maxHeight: 320, overflowY: 'auto' }}>
      <Table size="small" aria-label="Historique">
        <TableHead>
          <TableRow>
            {['Version', 'Date', 'Par', 'Modification', ''].map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(q.data ?? []).map((r) => (
            <TableRow key={r.historyVersion} selected={r.historyVersion === shown}>
              <TableCell>
                {r.historyVersion}
                {r.historyVersion === current ? <Chip size="small" label="en cours" sx={{ ml: 1 }} /> : null}
              </TableCell>
              <TableCell sx={cell}>
                {new Date(r.createdAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}
              </TableCell>
              <TableCell>{r.userName ?? ''}</TableCell>
              <TableCell>{r.change ?? ''}</TableCell>
              <TableCell>
                {r.historyVersion !== shown && (
                  <Link
                    component="button"
                    onClick={() =>
                      navigate(
                        r.historyVersion === current
                          ? currentGridPath(gridId)
                          : `/price/grid/${gridId}/0/0/${r.historyVersion}`,
                      )
                    }
                  >
                    Consulter
                  </Link>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function ReadOnlyGrid({ grid }: { grid: Row }) {
  const line = (label: string, value: ReactNode) => (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Typography color="text.secondary" sx={{ minWidth: 260 }}>
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {line('Libellé', grid.label)}
      {line('Modèle de prix', labelOf(gridMeta, 'priceModel', grid.priceModel))}
      {line('Modèle de prix des occupants', labelOf(gridMeta, 'occupantPriceModel', grid.occupantPriceModel))}
      {line('Personnes comprises dans le forfait', grid.includedOccupants ?? '—')}
      {line('Partenaires', grid.partnerIds?.length ? grid.partnerIds.join(', ') : 'grille publique')}
      {line('Active', grid.isActive ? 'oui' : 'non')}
    </Paper>
  );
}

function GridView({ id }: { id: number }) {
  const params = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const canWrite = useCan('stay.price', 'write');
  const validate = useFormValidator(gridMeta);
  const current = useQuery({
    queryKey: ['pricing', 'grid', id],
    queryFn: () => api<Row>(`/price-grid/${id}`),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
  const grid = current.data;
  const wanted = Number(params.historyVersion);
  const canonical =
    !!grid &&
    current.isFetchedAfterMount &&
    (wanted === 0 ||
      wanted > grid.historyVersion ||
      (wanted === grid.historyVersion &&
        (Number(params.priceGridModeleId) !== grid.priceModel || Number(params.placeTypeId) !== grid.placeTypeId)));
  useEffect(() => {
    if (canonical) navigate(gridPath(grid!), { replace: true });
  }, [canonical, grid, navigate]);
  const version = wanted > 0 && grid && wanted <= grid.historyVersion ? wanted : grid?.historyVersion;
  const snapshot = useQuery({
    queryKey: ['pricing', 'grid-version', id, version],
    queryFn: () => api<GridVersion>(`/pricing/grid/${id}/version/${version}`),
    enabled: !!version,
    staleTime: Number.POSITIVE_INFINITY, // a stored version never changes
  });
  if (current.error) return <NotFound />;
  if (!grid || !snapshot.data || canonical) return <Loading />;
  const v = snapshot.data;
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
