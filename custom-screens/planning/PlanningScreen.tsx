// /planning: places (grouped by zone, family and type) × days, stays and
// unavailabilities as bars coloured by status or by payment, loaded per visible
// window. Drag a bar (or its ends) to move it: the server checks, the dialog shows
// the price change, refused drops return with the French message; undo; selecting
// free nights starts a new booking; double-click opens the booking.
import { LinearProgress, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { rest } from '../../admin/src/ui';
import type { Setup } from './shared/model';
import { Board } from './places/Board';
import { startFirstWindow } from './places/firstWindow';

// Guarded by camp.planning where the route is declared (./index.ts).
export default function PlanningScreen() {
  return <Planning />;
}

// Asked for as soon as this screen's code loads, while the rest of the page renders; the
// first window's bars as soon as it arrives (./places/firstWindow.ts).
let prefetched: Promise<Setup> | null = rest('get', '/planning/setup').then(
  (setup) => {
    startFirstWindow(setup);
    return setup;
  },
  () => null as unknown as Setup,
);
const loadSetup = async (): Promise<Setup> => {
  const p = prefetched;
  prefetched = null;
  return (p && (await p)) || rest('get', '/planning/setup');
};

function Planning() {
  const { data: setup, error } = useQuery({ queryKey: ['planning-setup'], queryFn: loadSetup, staleTime: 60_000 });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 64px)', minHeight: 480 }}>
      <Title title="Planning" />
      {error ? (
        <Typography color="error" role="alert">
          {(error as Error).message}
        </Typography>
      ) : !setup ? (
        <LinearProgress aria-label="Chargement du planning" />
      ) : (
        <Board setup={setup} />
      )}
    </Box>
  );
}
