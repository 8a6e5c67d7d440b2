// Step 4's « Options et extras »: only the extras the grid of the chosen place (or place
// type) prices for these dates are offered (GET /rest/booking/extra-offers); the others
// are named up front with the reason, not discovered at the price step.
import { Box, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { rest } from '../../../admin/src/ui';
import type { Draft } from '../wizardModel';
import type { References } from '../reference';
import { type SetDraft, numberInput } from './shared';

export function ExtrasPicker({ draft, set, refs }: { draft: Draft; set: SetDraft; refs: References }) {
  const target = draft.placeId
    ? { placeId: draft.placeId }
    : draft.placeTypeId
      ? { placeTypeId: draft.placeTypeId }
      : null;
  const ready = !!target && !!draft.startDate && !!draft.endDate && draft.startDate < draft.endDate;
  const offers = useQuery({
    queryKey: ['extra-offers', draft.placeId, draft.placeTypeId, draft.startDate, draft.endDate],
    queryFn: () =>
      rest('get', '/booking/extra-offers', {
        query: { ...target, startDate: draft.startDate, endDate: draft.endDate },
      }),
    enabled: ready,
  });
  const all = offers.data?.extras;
  const quantity = (id: number) => draft.extras.find((e) => e.extraId === id)?.quantity ?? 0;
  // Offered: what the grid prices, and what the stay already has (to be able to take it off).
  const shown = all ? refs.extras.filter((x) => all.find((o) => o.id === x.id)?.priced || quantity(x.id) > 0) : [];
  const unpriced = (all ?? []).filter((x) => !x.priced);
  return (
    <Box>
      <Typography variant="subtitle1">Options et extras</Typography>
      {!ready && <Typography variant="body2">Choisissez d’abord l’emplacement et les dates.</Typography>}
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
        {shown.map((x) =>
          numberInput(
            quantity(x.id),
            (n) =>
              set({
                extras: [
                  ...draft.extras.filter((e) => e.extraId !== x.id),
                  ...(n ? [{ extraId: x.id, quantity: n }] : []),
                ],
              }),
            x.label,
            100,
          ),
        )}
      </Stack>
      {unpriced.length > 0 && (
        <Typography variant="caption" color="text.secondary" data-testid="wizard-extras-unpriced">
          {`Non proposés, sans prix pour ce séjour : ${unpriced.map((x) => x.label).join(', ')}. ` +
            (unpriced[0].reason ?? '')}
        </Typography>
      )}
    </Box>
  );
}
