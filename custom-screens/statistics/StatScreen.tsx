// The frame of every statistics screen: filters, definitions, the chart and the table
// under it, CSV export and print (§2 (docs/screens.md#statistics) Statistics). The server answers the figures
// (/rest/stat/<name>); the screen only draws them.
import { useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  LinearProgress,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQuery } from '@tanstack/react-query';
import { rest, Page, useCan, dateTimeFr } from '../../admin/src/ui';
import type { StatAnswer } from '../../common/stats';
import { FilterBar, type ScreenOption } from './FilterBar';
import { StatChart } from './StatChart';
import { StatTable } from './StatTable';
import { COMMON_HELP, HELP } from './help';
import { useStatFilters, type StatName } from './useStatFilters';

export function Definitions({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Accordion expanded={open} onChange={() => setOpen(!open)} sx={{ mb: 2 }} className="bv-no-print" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>Définitions</Typography>
      </AccordionSummary>
      <AccordionDetails>
        {[...(HELP[name] ?? []), ...COMMON_HELP].map((t) => (
          <Typography key={t} variant="body2" sx={{ mb: 0.5 }}>
            {t}
          </Typography>
        ))}
      </AccordionDetails>
    </Accordion>
  );
}

export function StatScreen({
  name,
  title,
  span = 'year',
  options = [],
  below,
}: {
  name: StatName;
  title: string;
  span?: 'year' | 'month';
  options?: ScreenOption[];
  below?: (a: StatAnswer) => ReactNode;
}) {
  const { f, setF, choices, ready, params, query } = useStatFilters(
    span,
    Object.fromEntries(options.map((o) => [o.param, o.choices[0].id])),
  );
  const canExport = useCan('stats.stats', 'export');
  const q = useQuery({
    queryKey: ['stat', name, query],
    queryFn: () => rest('get', `/stat/${name}`, { query: params }),
    enabled: ready,
    placeholderData: (prev) => prev,
  });
  const a = q.data;
  return (
    <Page
      title={title}
      actions={
        <Box className="bv-no-print" sx={{ display: 'flex', gap: 1 }}>
          {canExport && (
            <Button variant="outlined" href={`/rest/stat/${name}/export?${query}`} download data-testid="stat-export">
              Exporter en CSV
            </Button>
          )}
          <Button variant="outlined" onClick={() => window.print()}>
            Imprimer
          </Button>
        </Box>
      }
    >
      <Definitions name={name} />
      {choices && <FilterBar f={f} setF={setF} choices={choices} options={options} />}
      {(q.isFetching || !ready) && <LinearProgress sx={{ mb: 1 }} />}
      {q.error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="stat-error">
          {(q.error as Error).message}
        </Alert>
      )}
      {a?.warnings.map((w) => (
        <Alert key={w} severity="warning" sx={{ mb: 1 }}>
          {w}
        </Alert>
      ))}
      {a && !q.error && (
        <Box data-testid="stat-answer" data-query={query}>
          <StatChart chart={a.chart} />
          {below?.(a)}
          <StatTable name={name} table={a.table} />
          {a.generatedAt && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              Statistiques régénérées en entier le {dateTimeFr(a.generatedAt)} ; les séjours modifiés depuis sont pris
              en compte en quelques secondes.
            </Typography>
          )}
        </Box>
      )}
    </Page>
  );
}
