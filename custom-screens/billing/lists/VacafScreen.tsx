// /vacaf-list — holiday aid (VACAF, issue 30, docs/history.md#issue-30): a new claim to the CAF (the aids of the
// stays that end in the period, previewed, then claimed with the agreement number), the
// claims made (file, what the CAF paid, « Paiement reçu » records the CAF's payment), and
// the CAF's payments of a period.
import { useState } from 'react';
import { Alert, Button, Link, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { countFr } from '../../../common/french';
import { addDays, todayParis } from '../../../common/dates';
import { API, DataTable, DateBox, dateFr, Page, rest, useCan, type Column } from '../../../admin/src/ui';
import { usePaymentMethods } from '../usePaymentMethods';
import { euros, Filters, PeriodFilter, Totals, usePeriod } from './shared';

const firstOfMonth = (d: string) => `${d.slice(0, 8)}01`;

const paymentColumns: Column[] = [
  { key: 'date', label: 'Date', render: (r) => dateFr(r.date) },
  { key: 'code', label: 'Séjour' },
  { key: 'customerName', label: 'Client' },
  { key: 'payingInstitution', label: 'Organisme' },
  { key: 'method', label: 'Mode de paiement' },
  { key: 'isDeposited', label: 'Remis en banque', render: (r) => (r.isDeposited ? 'Oui' : 'Non') },
  { key: 'amount', label: 'Montant', align: 'right', render: (r) => euros(r.amount) },
];
const aidColumns: Column[] = [
  { key: 'code', label: 'Séjour' },
  { key: 'customerName', label: 'Famille' },
  { key: 'cafNumber', label: 'N° allocataire' },
  { key: 'startDate', label: 'Arrivée', render: (r) => dateFr(r.startDate) },
  { key: 'endDate', label: 'Départ', render: (r) => dateFr(r.endDate) },
  { key: 'totalAmount', label: 'Prix du séjour', align: 'right', render: (r) => euros(r.totalAmount) },
  { key: 'amount', label: 'Aide demandée', align: 'right', render: (r) => euros(r.amount) },
];

export default function VacafScreen() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const canWrite = useCan('invoice.payment', 'write');
  const p = usePeriod('vacaf-list');
  const today = todayParis();
  const [from, setFrom] = useState(firstOfMonth(addDays(firstOfMonth(today), -1)));
  const [to, setTo] = useState(firstOfMonth(today));
  const [previewing, setPreviewing] = useState(false);
  const [methodId, setMethodId] = useState<number | ''>('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const claims = useQuery({
    queryKey: ['vacaf-claims', previewing ? `${from}/${to}` : ''],
    queryFn: () => rest('get', '/vacaf-claim/list', { query: previewing ? { from, to } : {} }),
  });
  const payments = useQuery({
    queryKey: ['vacaf-list', p.query],
    queryFn: () => rest('get', '/payment/vacaf', { query: p.range }),
  });
  const methods = usePaymentMethods('vacaf', canWrite);
  const run = async (f: () => Promise<string>) => {
    setMessage(null);
    try {
      setMessage({ ok: true, text: await f() });
      await qc.invalidateQueries({ queryKey: ['vacaf-claims'] });
      await qc.invalidateQueries({ queryKey: ['vacaf-list'] });
    } catch (e) {
      setMessage({ ok: false, text: (e as Error).message });
    }
  };
  const claim = () =>
    run(async () => {
      await rest('post', '/vacaf-claim/create', { body: { from, to } });
      setPreviewing(false);
      return 'Demande à la CAF enregistrée';
    });
  const paid = (id: number) =>
    run(async () => {
      if (!methodId) throw new Error('Choisissez le mode de paiement du versement de la CAF');
      const r = await rest('post', '/vacaf-claim/{claimId}/payment', {
        path: { claimId: id },
        body: { paymentMethodId: methodId },
      });
      return `Paiement de la CAF enregistré : ${countFr(r.payments ?? 0, 'séjour')}, ${euros(r.amount ?? 0)}`;
    });
  const claimColumns: Column[] = [
    { key: 'startDate', label: 'Séjours terminés du', render: (r) => dateFr(r.startDate) },
    { key: 'endDate', label: 'au (exclu)', render: (r) => dateFr(r.endDate) },
    { key: 'agreementNumber', label: 'N° d’agrément' },
    { key: 'aidCount', label: 'Aides', align: 'right' },
    { key: 'totalAmount', label: 'Montant demandé', align: 'right', render: (r) => euros(r.totalAmount) },
    { key: 'paid', label: 'Payé par la CAF', align: 'right', render: (r) => euros(r.paid) },
    {
      key: 'fileName',
      label: 'Fichier',
      render: (r) => (
        <Link href={`${API}/vacaf-claim/${r.id}/file`} onClick={(e) => e.stopPropagation()}>
          {r.fileName}
        </Link>
      ),
    },
    {
      key: 'paidOn',
      label: 'Paiement',
      render: (r) =>
        r.paidOn ? (
          `Reçu le ${dateFr(r.paidOn)}`
        ) : canWrite ? (
          <Button size="small" onClick={() => paid(r.id)} data-testid={`vacaf-paid-${r.id}`}>
            Paiement reçu
          </Button>
        ) : (
          'En attente'
        ),
    },
  ];
  const d = claims.data;
  return (
    <Page title="Aides aux vacances (VACAF)">
      {d && !d.agreementNumber && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Module VACAF inactif ou sans numéro d’agrément : renseignez-le dans Admin, Modules, VACAF.
        </Alert>
      )}
      {message && (
        <Alert severity={message.ok ? 'success' : 'error'} sx={{ mb: 2 }}>
          {message.text}
        </Alert>
      )}
      {canWrite && d?.agreementNumber && (
        <>
          <Typography variant="h6">Nouvelle demande à la CAF (agrément n° {d.agreementNumber})</Typography>
          <Filters>
            <DateBox label="Séjours terminés du" value={from} onChange={setFrom} name="claimFrom" />
            <DateBox label="au (exclu)" value={to} onChange={setTo} name="claimTo" />
            <Button variant="outlined" onClick={() => setPreviewing(true)} data-testid="vacaf-preview">
              Aperçu
            </Button>
          </Filters>
          {previewing && (
            <>
              <DataTable
                name="vacaf-pending"
                columns={aidColumns}
                rows={d.pending}
                onOpen={(r) => navigate(`/booking/${r.bookingId}`)}
                empty="Aucune aide à demander sur cette période"
              />
              {d.pending && d.pending.length > 0 && (
                <Button variant="contained" sx={{ mt: 1, mb: 3 }} onClick={claim} data-testid="vacaf-claim">
                  Faire la demande ({euros(d.pending.reduce((s, r) => s + (r.amount ?? 0), 0))})
                </Button>
              )}
            </>
          )}
        </>
      )}
      <Typography variant="h6" sx={{ mt: 2 }}>
        Demandes à la CAF
      </Typography>
      {canWrite && (
        <TextField
          select
          size="small"
          sx={{ minWidth: 260, mb: 1 }}
          label="Mode de paiement des versements de la CAF"
          value={methodId}
          onChange={(e) => setMethodId(Number(e.target.value))}
        >
          {(methods.data ?? []).map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      <DataTable
        name="vacaf-claims"
        columns={claimColumns}
        rows={d?.claims}
        loading={claims.isPending}
        empty="Aucune demande"
      />
      <Typography variant="h6" sx={{ mt: 2 }}>
        Paiements de la CAF
      </Typography>
      <Filters>
        <PeriodFilter p={p} />
      </Filters>
      <Totals
        items={[
          ['Paiements', countFr(payments.data?.rows.length ?? 0, 'paiement')],
          ['Total', euros(payments.data?.total ?? 0)],
        ]}
      />
      <DataTable
        name="vacaf-list"
        columns={paymentColumns}
        rows={payments.data?.rows}
        loading={payments.isPending}
        onOpen={(r) => r.bookingId && navigate(`/booking/${r.bookingId}`)}
        empty="Aucune aide aux vacances sur la période"
      />
    </Page>
  );
}
