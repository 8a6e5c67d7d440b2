// The toolbars of the places planning: zoom, colours, today, go to a date, undo and
// redo, reload, export and print, the stay search, new booking; then the filters.
import type { RefObject } from 'react';
import {
  Box,
  Button,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';
import RefreshIcon from '@mui/icons-material/Refresh';
import TodayIcon from '@mui/icons-material/Today';
import SearchIcon from '@mui/icons-material/Search';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import AddIcon from '@mui/icons-material/Add';
import { STATUS_CATEGORY_LABELS } from '../../../common/planning';
import { DateFieldFr, ExportPrintMenu, type ExportPrintHandle } from '../../../admin/src/ui';
import { Legend, type ColorMode, type PlanningBoardHandle, type Zoom } from '../board';
import type { Filters, Setup } from '../shared/model';
import { MultiFilter } from '../Filters';

const CATEGORY_CHOICES = [
  ...Object.entries(STATUS_CATEGORY_LABELS).map(([id, label]) => ({
    id,
    label: id === 'cancelled' ? 'Annulé / refusé / expiré' : label,
  })),
  { id: 'unavailability', label: 'Indisponibilité' },
];

export interface ToolbarsProps {
  setup: Setup;
  board: RefObject<PlanningBoardHandle | null>;
  zoom: Zoom;
  setZoom: (z: Zoom) => void;
  shownMode: ColorMode;
  setColorMode: (c: ColorMode) => void;
  history: { canUndo: boolean; canRedo: boolean };
  onReload: () => void;
  exportMenu: RefObject<ExportPrintHandle | null>;
  exportCsv?: () => void;
  q: string;
  setQ: (q: string) => void;
  hitCount: number;
  hitIndex: number;
  onSearch: () => Promise<void>;
  onStep: (d: number) => void;
  onClear: () => void;
  canBook: boolean;
  onNewBooking: () => void;
  filters: Filters;
  setFilter: <K extends keyof Filters>(k: K, v: Filters[K]) => void;
  types: Setup['types'];
  rowCount: number;
}

export function Toolbars({
  setup,
  board: ref,
  zoom,
  setZoom,
  shownMode,
  setColorMode,
  history,
  onReload,
  exportMenu,
  exportCsv,
  q,
  setQ,
  hitCount,
  hitIndex,
  onSearch,
  onStep,
  onClear,
  canBook,
  onNewBooking,
  filters,
  setFilter,
  types,
  rowCount,
}: ToolbarsProps) {
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ px: 1, pt: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup size="small" exclusive value={zoom} onChange={(_, z) => z && setZoom(z)} aria-label="Zoom">
          <ToggleButton value="day">Jour</ToggleButton>
          <ToggleButton value="week">Semaine</ToggleButton>
          <ToggleButton value="month">Mois</ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={shownMode}
          onChange={(_, c) => c && setColorMode(c)}
          aria-label="Couleurs"
        >
          <ToggleButton value="status">Statuts</ToggleButton>
          {setup.paymentsTracked ? (
            <ToggleButton value="payment">Paiements</ToggleButton>
          ) : (
            <Tooltip title="Aucun paiement n'est encore enregistré : la vue des paiements viendra avec la facturation">
              <span>
                <ToggleButton value="payment" disabled>
                  Paiements
                </ToggleButton>
              </span>
            </Tooltip>
          )}
        </ToggleButtonGroup>
        <Button size="small" startIcon={<TodayIcon />} onClick={() => ref.current?.scrollToDate(setup.today, 'center')}>
          Aujourd'hui
        </Button>
        <DateFieldFr
          label="Aller au"
          value={null}
          data-testid="planning-goto"
          onChange={(v) => {
            if (v && v >= setup.range.startDate) ref.current?.scrollToDate(v, 'start');
          }}
        />
        <Tooltip title="Annuler le dernier déplacement (Ctrl+Z)">
          <span>
            <IconButton
              aria-label="Annuler le dernier déplacement"
              disabled={!history.canUndo}
              onClick={() => void ref.current?.undo()}
            >
              <UndoIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Rétablir (Ctrl+Y)">
          <span>
            <IconButton aria-label="Rétablir" disabled={!history.canRedo} onClick={() => void ref.current?.redo()}>
              <RedoIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Recharger">
          <IconButton aria-label="Recharger" onClick={onReload}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <ExportPrintMenu ref={exportMenu} onCsv={exportCsv} />
        <TextField
          size="small"
          placeholder="Client, n° de séjour, immatriculation"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void onSearch();
          }}
          sx={{ width: 300 }}
          inputProps={{ 'aria-label': 'Rechercher un séjour (3 caractères min.)', 'data-testid': 'planning-search' }}
          InputProps={{
            endAdornment: (
              <InputAdornment position="end">
                <IconButton size="small" aria-label="Rechercher" onClick={() => void onSearch()}>
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          }}
        />
        {hitCount > 0 && (
          <Stack direction="row" alignItems="center">
            <IconButton size="small" aria-label="Résultat précédent" onClick={() => onStep(-1)}>
              <NavigateBeforeIcon />
            </IconButton>
            <Typography variant="body2" aria-live="polite">
              {hitIndex + 1} / {hitCount}
            </Typography>
            <IconButton size="small" aria-label="Résultat suivant" onClick={() => onStep(1)}>
              <NavigateNextIcon />
            </IconButton>
            <Button size="small" onClick={onClear}>
              Effacer
            </Button>
          </Stack>
        )}
        <Box sx={{ flex: 1 }} />
        {canBook && (
          <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => onNewBooking()}>
            Nouvelle réservation
          </Button>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ px: 1, py: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <MultiFilter
          label="Zones"
          choices={setup.layouts.map((l) => ({ id: l.id, label: l.label }))}
          value={filters.layoutIds}
          onChange={(v) => setFilter('layoutIds', v as number[])}
        />
        <MultiFilter
          label="Familles"
          choices={setup.families.map((l) => ({ id: l.id, label: l.label }))}
          value={filters.familyIds}
          onChange={(v) => setFilter('familyIds', v as number[])}
        />
        <MultiFilter
          label="Types"
          choices={types.map((l) => ({ id: l.id, label: l.label }))}
          value={filters.typeIds}
          onChange={(v) => setFilter('typeIds', v as number[])}
        />
        <MultiFilter
          label="Caractéristiques"
          choices={setup.features.map((l) => ({ id: l.id, label: l.label }))}
          value={filters.featureIds}
          onChange={(v) => setFilter('featureIds', v as number[])}
        />
        <MultiFilter
          label="Statuts"
          choices={CATEGORY_CHOICES}
          value={filters.categories}
          onChange={(v) => setFilter('categories', v as string[])}
          width={220}
        />
        <Typography variant="body2" color="text.secondary">
          {rowCount} emplacement{rowCount > 1 ? 's' : ''}
        </Typography>
        <Legend colorMode={shownMode} />
      </Stack>
    </>
  );
}
