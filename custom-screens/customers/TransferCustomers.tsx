// /transfer-customers: two records of one person become one. Choose the record to
// remove and the one to keep, see what will move, confirm: everything (stays,
// attendants, vehicles, bills…) moves onto the kept record in one transaction, its
// empty fields take the removed one's values, and the removed record is deleted.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import MergeIcon from '@mui/icons-material/MergeType';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { CustomerPicker, customerLabel, type CustomerOption } from './CustomerPicker';
import { rest, useCan, AskDialog, Page } from '../../admin/src/ui';

export default function TransferCustomers() {
  const [from, setFrom] = useState<CustomerOption | null>(null);
  const [to, setTo] = useState<CustomerOption | null>(null);
  const [confirming, setConfirming] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();
  const canWrite = useCan('customer.customer', 'write');
  const canDelete = useCan('customer.customer', 'delete');
  const allowed = canWrite && canDelete;
  const links = useQuery({
    queryKey: ['customer-links', from?.id],
    queryFn: () => rest('get', '/customer/{id}/links', { path: { id: from!.id } }),
    enabled: !!from,
  });
  const moving = (links.data ?? []).filter((l) => l.count > 0);
  const same = !!from && !!to && from.id === to.id;
  return (
    <Page title="Fusion de clients en double">
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 2 }}>
        <Card sx={{ flex: 1, minWidth: 360 }}>
          <CardContent>
            <Typography variant="overline">Client à supprimer (doublon)</Typography>
            <CustomerPicker label="Doublon" name="fromCustomer" value={from} onChange={setFrom} />
            {from && (
              <Box sx={{ mt: 1 }}>
                {moving.length ? (
                  moving.map((l) => (
                    <Typography key={l.entity} variant="body2">
                      {l.count} × {l.label.toLowerCase()}
                    </Typography>
                  ))
                ) : (
                  <Typography variant="body2">Rien à reprendre</Typography>
                )}
              </Box>
            )}
          </CardContent>
        </Card>
        <Card sx={{ flex: 1, minWidth: 360 }}>
          <CardContent>
            <Typography variant="overline">Client conservé</Typography>
            <CustomerPicker label="Client conservé" name="toCustomer" value={to} onChange={setTo} />
          </CardContent>
        </Card>
      </Box>
      {same && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Choisissez deux clients différents
        </Alert>
      )}
      {allowed && (
        <Button
          variant="contained"
          startIcon={<MergeIcon />}
          disabled={!from || !to || same}
          onClick={() => setConfirming(true)}
        >
          Fusionner
        </Button>
      )}
      <AskDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        confirmLabel="Fusionner"
        title="Fusionner ces clients ?"
        text={
          `Tout ce qui appartient à ${customerLabel(from)} passe à ${customerLabel(to)}, puis ` +
          `${customerLabel(from)} est supprimé. Cette opération est définitive.`
        }
        onConfirm={async () => {
          await rest('post', '/customer/transfer', { body: { fromCustomerId: from!.id, toCustomerId: to!.id } });
          notify('Fusion effectuée', { type: 'success' });
          navigate(`/customer/general/${to!.id}`);
        }}
      />
    </Page>
  );
}
