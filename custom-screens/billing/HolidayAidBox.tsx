// The VACAF aid of a stay on its billing card (issue 30, docs/history.md#issue-30): what the CAF pays for the
// family (its allocataire number, the amount granted, paid by the CAF so far), and
// « Aide VACAF » to grant or change it while it is neither claimed nor billed.
import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatCents, parseEurosToCents } from '../../common/money';
import { AskDialog, rest } from '../../admin/src/ui';

/** The stay's VACAF aid (one query, shared by the box and the stay screen that waits for it before its first paint). */
export function useHolidayAid(bookingId: number, enabled = true) {
  return useQuery({
    queryKey: ['holiday-aid', bookingId],
    queryFn: () => rest('get', '/booking/{bookingId}/holiday-aid', { path: { bookingId } }),
    enabled,
  });
}

export function HolidayAidBox({
  bookingId,
  canPay,
  onSaved,
}: {
  bookingId: number;
  canPay: boolean;
  onSaved: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const q = useHolidayAid(bookingId);
  const aid = q.data;
  const frozen = !!aid && (aid.claimId != null || aid.billed);
  return (
    <Box sx={{ mb: 1 }} data-testid="holiday-aid">
      {aid && (
        <Typography variant="body2">
          Aide aux vacances VACAF : {formatCents(aid.amount ?? 0)} (allocataire CAF n° {aid.cafNumber}), à la charge de
          la CAF ; payé par la CAF : {formatCents(aid.paid ?? 0)}
          {aid.claimId != null ? ' — demandée à la CAF' : ''}
        </Typography>
      )}
      {canPay && !frozen && (
        <Button size="small" onClick={() => setAsking(true)} data-testid="holiday-aid-edit">
          {aid ? "Modifier l'aide VACAF" : 'Aide VACAF'}
        </Button>
      )}
      <AskDialog
        open={asking}
        title="Aide aux vacances (VACAF)"
        text={
          'La CAF paie cette part du séjour : elle est déduite de ce que la famille doit, ' +
          'la TVA reste due sur le prix entier.'
        }
        fields={[
          { name: 'cafNumber', label: "N° d'allocataire CAF", required: true, initial: aid?.cafNumber ?? '' },
          {
            name: 'amount',
            label: 'Montant accordé (€)',
            required: true,
            initial: aid ? formatCents(aid.amount ?? 0, false) : '',
          },
        ]}
        confirmLabel="Enregistrer l'aide"
        keepLabel="Retour"
        onConfirm={async (v) => {
          const amount = parseEurosToCents(v.amount);
          if (amount == null || amount <= 0) throw new Error('Montant invalide');
          await rest('post', '/booking/{bookingId}/holiday-aid', {
            path: { bookingId },
            body: { cafNumber: v.cafNumber.trim(), amount },
          });
          await q.refetch();
          onSaved();
        }}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
