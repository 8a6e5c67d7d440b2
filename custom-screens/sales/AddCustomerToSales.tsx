// /add-customer-to-sales: tickets issued without a customer, over a period, ticked and
// attributed to one customer (a group leader's purchases on his account). The ticket
// itself is never edited: the server records the assignment beside it, all or none, and
// answers « L'affectation du client aux ventes a échoué » when a ticket already has one.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { dateTimeFr, DateBox, euros, Page, rest, useCan } from '../../admin/src/ui';

import { addDays, todayParis } from '../../common/dates';
import { countFr } from '../../common/french';
import { CustomerPicker, customerLabel, type CustomerOption } from '../customers/CustomerPicker';

export default function AddCustomerToSales() {
  const [from, setFrom] = useState(addDays(todayParis(), -7));
  const [to, setTo] = useState(todayParis());
  const [picked, setPicked] = useState<number[]>([]);
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canWrite = useCan('sale.sale', 'write');
  const notify = useNotify();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['sales-unassigned', from, to],
    queryFn: () => rest('get', '/sales/unassigned', { query: { from, to } }),
    enabled: !!from && !!to,
  });
  const rows = q.data ?? [];
  const toggle = (id: number) => setPicked(picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id]);
  const assign = async () => {
    setError(null);
    try {
      const r = await rest('post', '/sales/assign-customer', { body: { customerId: customer!.id, saleIds: picked } });
      notify(`${countFr(r.assigned ?? 0, 'ticket affecté', 'tickets affectés')} à ${r.customerName}`, {
        type: 'success',
      });
      setPicked([]);
      qc.invalidateQueries({ queryKey: ['sales-unassigned'] });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Page title="Affecter un client à des ventes">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <DateBox
          label="Du"
          value={from}
          onChange={(v) => {
            setFrom(v);
            setPicked([]);
          }}
          name="from"
        />
        <DateBox
          label="Au"
          value={to}
          onChange={(v) => {
            setTo(v);
            setPicked([]);
          }}
          name="to"
        />
        <CustomerPicker value={customer} onChange={setCustomer} />
        <Button
          variant="contained"
          disabled={!canWrite || !customer || !picked.length}
          onClick={assign}
          data-testid="assign-customer"
        >
          {picked.length ? `Affecter ${countFr(picked.length, 'ticket')}` : 'Affecter'}
          {customer ? ` à ${customerLabel(customer)}` : ''}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {q.error && <Alert severity="error">{(q.error as Error).message}</Alert>}
      {!q.isPending && !rows.length && <Typography>Aucun ticket sans client sur la période.</Typography>}
      {rows.length > 0 && (
        <Table size="small" aria-label="Tickets sans client">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>Ticket</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Caisse</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} hover onClick={() => toggle(r.id)} selected={picked.includes(r.id)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={picked.includes(r.id)}
                    inputProps={{ 'aria-label': `Choisir le ticket ${r.number}` }}
                    onClick={(e) => e.stopPropagation()}
                    onChange={() => toggle(r.id)}
                  />
                </TableCell>
                <TableCell>
                  <Link to={`/vente-annexe/${r.id}`} onClick={(e) => e.stopPropagation()}>
                    {r.number}
                  </Link>
                  {r.kind === 'return' ? ' (retour)' : ''}
                </TableCell>
                <TableCell>{dateTimeFr(r.issuedAt)}</TableCell>
                <TableCell>{r.registerLabel}</TableCell>
                <TableCell align="right">{euros(r.totalInclVat)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Page>
  );
}
