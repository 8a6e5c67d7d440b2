// /plan: the site map. The uploaded plan image with every place positioned on it,
// coloured by its occupancy over the chosen night(s) in the legend bands of §9 (docs/constants.md)
// (below 0 % = unavailable, 0 % = free, then 10-point bands to 100 % — see
// common/planning.ts for what the rate measures); each zone shows its own rate. Click
// a place: open its stay, or start a new booking on it. Edit mode (right "plan",
// write): drag places to position them, place the ones not yet on the map, load
// another image.
import { useState } from 'react';
import { Alert, Box, LinearProgress, Stack } from '@mui/material';
import { Title } from 'react-admin';
import { PlanToolbar } from './PlanToolbar';
import { PlanCanvas } from './PlanCanvas';
import { PlanSidePanel } from './PlanSidePanel';
import { PlaceMenu } from './PlaceMenu';
import { usePlan } from './usePlan';
import type { PlanPlace } from './planModel';

// Guarded by camp.plan where the route is declared (./index.ts).
export default function PlanScreen() {
  const state = usePlan();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; place: PlanPlace } | null>(null);
  const { data, error, edit, boxRef, dialog } = state;
  const hasImage = !!data?.plan?.imageMime;
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (!data) return <LinearProgress aria-label="Chargement du plan" />;
  return (
    <Box sx={{ p: 1 }}>
      <Title title="Plan du camping" />
      <PlanToolbar state={state} />
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
          <PlanCanvas state={state} onOpen={(anchor, place) => setMenu({ anchor, place })} />
        </Box>
        <PlanSidePanel state={state} />
      </Stack>
      <PlaceMenu state={state} menu={menu} onClose={() => setMenu(null)} />
      {dialog}
    </Box>
  );
}
