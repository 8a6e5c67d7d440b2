// Beside the plan: the legend of occupancy bands, each zone's rate, and in edit mode
// the places not on the map yet (pick one, then click the map to put it there).
import { Box, Chip, List, ListItemButton, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { PLAN_BANDS, bandOf } from '../../common/planning';
import { rateText } from './planModel';
import type { PlanState } from './usePlan';

export function PlanSidePanel({ state }: { state: PlanState }) {
  const { occ, edit, armed, setArmed } = state;
  const data = state.data!;
  const plan = data.plan;
  const unplaced = state.layout!.unplaced;
  const layoutLabel = (id: number | null) => data.layouts.find((l) => l.id === id)?.label ?? 'Sans zone';
  return (
    <Stack spacing={1} sx={{ width: 260, flexShrink: 0 }}>
      {(plan?.showLegend ?? true) && (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <Typography variant="subtitle2" gutterBottom>
            Légende : taux d'occupation
          </Typography>
          <Box
            component="ul"
            aria-label="Légende du plan"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.25 }}
          >
            {PLAN_BANDS.map((b) => (
              <Box component="li" key={b.key} sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: 13 }}>
                <Box
                  sx={{
                    width: 18,
                    height: 14,
                    borderRadius: 0.5,
                    bgcolor: b.background,
                    border: '1px solid rgba(0,0,0,.3)',
                  }}
                />
                {b.label}
              </Box>
            ))}
          </Box>
          <Typography variant="caption" color="text.secondary">
            Part des nuits occupées sur la période ; « inférieur à 0 % » : emplacement indisponible sur toute la
            période.
          </Typography>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: 1 }}>
        <Typography variant="subtitle2" gutterBottom>
          Zones
        </Typography>
        <Stack spacing={0.5}>
          {(occ?.layouts ?? []).map((z) => {
            const b = bandOf(z.rate);
            return (
              <Chip
                key={String(z.layoutId)}
                size="small"
                label={`${layoutLabel(z.layoutId)} : ${rateText(z.rate)}`}
                sx={{ bgcolor: b.background, color: b.color, justifyContent: 'flex-start' }}
                data-testid={`zone-rate-${z.layoutId}`}
              />
            );
          })}
        </Stack>
      </Paper>
      {edit && (
        <Paper variant="outlined" sx={{ p: 1, maxHeight: 320, overflow: 'auto' }}>
          <Typography variant="subtitle2">Hors du plan ({unplaced.length})</Typography>
          <List dense>
            {unplaced.map((p) => (
              <ListItemButton
                key={p.id}
                selected={armed === p.id}
                onClick={() => setArmed(armed === p.id ? null : p.id)}
              >
                <ListItemText primary={p.code} secondary={p.typeLabel} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
