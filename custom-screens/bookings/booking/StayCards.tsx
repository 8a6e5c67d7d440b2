// The head of the stay screen: the stay card and the customer card.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import { countFr } from '../../../common/french';
import { CustomerPicker, type CustomerOption } from '../../customers/CustomerPicker';
import { dateFr, dateTimeFr, euros, phoneFr } from '../../../admin/src/ui';
import { StatusChip } from '../status';
import type { Summary } from './actions';

/** The stay (status, dates, persons, amount, what happened to it) and its customer, who may be changed. */
export function StayCards({ s, onSaveCustomer }: { s: Summary; onSaveCustomer: (customerId: number) => void }) {
  const { booking: b, customer: c, partner, allowed } = s;
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <Card sx={{ flex: 1 }}>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
            <StatusChip statusId={b.statusId} cancellation={b.cancellation} />
            <Typography variant="body2">
              {dateFr(b.startDate)} → {dateFr(b.endDate)} · {countFr(b.persons ?? 0, 'personne')}
            </Typography>
          </Box>
          {b.kind === 'option' && b.optionExpiryDate && (
            <Typography variant="body2">Échéance de l’option : {dateFr(b.optionExpiryDate)}</Typography>
          )}
          {b.totalAmount != null && (
            <Typography variant="body2">
              Montant du séjour : <span data-testid="booking-total">{euros(b.totalAmount)}</span>
              {b.isManualPrice ? ' (prix modifié manuellement)' : ''}
            </Typography>
          )}
          {partner && <Typography variant="body2">Partenaire : {partner.name}</Typography>}
          {b.arrivedAt && <Typography variant="body2">Arrivé le {dateTimeFr(b.arrivedAt)}</Typography>}
          {b.goneAt && (
            <Typography variant="body2">
              Parti le {dateTimeFr(b.goneAt)}
              {b.earlyDepartureDate ? ` (départ anticipé au ${dateFr(b.earlyDepartureDate)})` : ''}
            </Typography>
          )}
          {b.cancelReason && <Typography variant="body2">Motif d’annulation : {b.cancelReason}</Typography>}
          {b.refusalReason && <Typography variant="body2">Motif du refus : {b.refusalReason}</Typography>}
          {b.counterProposal && <Typography variant="body2">Contre-proposition : {b.counterProposal}</Typography>}
          {b.deleteReason && <Typography variant="body2">Motif de suppression : {b.deleteReason}</Typography>}
        </CardContent>
      </Card>
      <Card sx={{ flex: 1 }}>
        <CardContent>
          <Typography variant="overline">Client</Typography>
          {c ? (
            <>
              <Typography>
                <MuiLink component={Link} to={`/customer/general/${c.id}`}>
                  {c.lastName} {c.firstName ?? ''}
                </MuiLink>{' '}
                ({c.code})
              </Typography>
              <Typography variant="body2">
                {[phoneFr(c.phone1), phoneFr(c.phone2), c.email].filter(Boolean).join(' · ')}
              </Typography>
            </>
          ) : (
            <Typography color="warning.main">Client non renseigné</Typography>
          )}
          {allowed.changeCustomer && (
            <Box sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'center' }}>
              <CustomerPicker
                label={c ? 'Changer de client' : 'Choisir le client'}
                value={customer}
                onChange={setCustomer}
              />
              <Button disabled={!customer} onClick={() => customer && onSaveCustomer(customer.id)}>
                Enregistrer
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
