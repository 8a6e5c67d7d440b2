// Pieces the bill lists share: a period filter remembered per screen, totals as chips,
// and the link to a stay.
import { useState, type ReactNode } from 'react';
import { Box, Chip } from '@mui/material';
import { useStore } from 'react-admin';
import { addDays, todayParis } from '../../../common/dates';
import { DateBox } from '../../../admin/src/ui';

export { euros } from '../../../admin/src/ui';

/** From/to dates kept for the screen (default: the last twelve months). */
export function usePeriod(name: string, days = 365) {
  const [period, setPeriod] = useStore<{ from: string; to: string }>(`bivouac.period.${name}`, {
    from: addDays(todayParis(), -days),
    to: todayParis(),
  });
  return {
    ...period,
    setFrom: (from: string) => setPeriod({ ...period, from }),
    setTo: (to: string) => setPeriod({ ...period, to }),
    query: `from=${period.from}&to=${period.to}`,
    /** the same period as a query object, for rest() */
    range: { from: period.from, to: period.to },
  };
}

export function PeriodFilter({ p }: { p: ReturnType<typeof usePeriod> }) {
  return (
    <>
      <DateBox label="Du" value={p.from} onChange={p.setFrom} name="from" />
      <DateBox label="Au" value={p.to} onChange={p.setTo} name="to" />
    </>
  );
}

export function Filters({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>{children}</Box>;
}

export function Totals({ items }: { items: [string, string][] }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }} data-testid="totals">
      {items.map(([label, value]) => (
        <Chip key={label} variant="outlined" label={`${label} : ${value}`} />
      ))}
    </Box>
  );
}

/** A date kept as typed while it is incomplete. */
export function useDate(initial = todayParis()) {
  return useState(initial);
}
