// Sales screens beside the till: the registers to open a till on (/sale-cash-register-list),
// one ticket as issued (/vente-annexe/{saleId}: lines, payments, vouchers, returns, the
// stay it was charged to, the PDF), and the checks of §2 (docs/screens.md#utilities) Utilities:
// /verif-tickets-payment (tickets whose payments do not add up) and /check-sales
// (sales charged to stays, billed or not).
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  Alert,
  Button,
  Chip,
  Link as MuiLink,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify } from 'react-admin';
import { formatCents } from '../../common/money';
import { formatDateFr } from '../../common/dates';
import { PAYMENT_KIND_LABELS, type TillPaymentKind } from '../../common/sales-totals';
import { vouchersCount, vouchersText } from '../../common/holiday-vouchers';
import { AskDialog, type Row, PrintButton } from '../../admin/src/ui';
import { ReturnDialog } from './ReturnDialog';
import { useCan, api, isPositiveId, NotFound, Page } from '../../admin/src/ui';

const rateLabel = (bp: number | null) =>
  bp == null ? 'hors TVA' : `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
const dateTime = (iso: string) => new Date(iso).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' });

function useRows(key: string, path: string) {
  return useQuery({ queryKey: [key], queryFn: () => api<Row[]>(path) });
}

export function RegisterList() {
  const q = useRows(
    'sale-registers',
    '/cash-register?filter=%7B%22isActive%22%3Atrue%7D&sort=%5B%22label%22%2C%22ASC%22%5D',
  );
  if (q.isPending) return <Loading />;
  return (
    <Page title="Caisses">
      {q.error && <Alert severity="error">{(q.error as Error).message}</Alert>}
      <Table aria-label="Caisses">
        <TableHead>
          <TableRow>
            <TableCell>Code</TableCell>
            <TableCell>Caisse</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(q.data ?? []).map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.code}</TableCell>
              <TableCell>{r.label}</TableCell>
              <TableCell>
                <Button component={Link} to={`/sale-cash-register/${r.id}`} variant="contained" size="small">
                  Ouvrir l'écran de caisse
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Page>
  );
}

export function SaleScreen() {
  const { saleId = '' } = useParams();
  const valid = isPositiveId(saleId);
  const q = useQuery({ queryKey: ['sale', saleId], queryFn: () => api<Row>(`/sales/view/${saleId}`), enabled: valid });
  const canWrite = useCan('sale.sale', 'write');
  const notify = useNotify();
  const qc = useQueryClient();
  const [returning, setReturning] = useState(false);
  const [mailing, setMailing] = useState(false);
  if (!valid) return <NotFound />;
  if (q.isPending) return <Loading />;
  if (q.error)
    return (
      <Page title="Vente annexe">
        <Alert severity="error">{(q.error as Error).message}</Alert>
      </Page>
    );
  const s = q.data;
  const left = (s.lines as Row[]).filter((l) => l.quantity - l.returnedQuantity > 0);
  const returned = (r: Row) => {
    setReturning(false);
    notify(`Ticket de retour ${r.number} émis`, { type: 'success' });
    qc.invalidateQueries({ queryKey: ['sale', saleId] });
  };
  return (
    <Page
      title={`${s.kind === 'return' ? 'Retour' : 'Ticket'} ${s.number}`}
      actions={
        <>
          {canWrite && s.kind === 'sale' && left.length > 0 && (
            <Button variant="outlined" color="warning" onClick={() => setReturning(true)}>
              Retour…
            </Button>
          )}
          <Button variant="outlined" onClick={() => setMailing(true)}>
            Envoyer par e-mail
          </Button>
          <PrintButton path={`/sales/document/${s.id}`} testId="ticket-print">
            Imprimer ({s.printCount ? `DUPLICATA ${s.printCount}` : 'original'})
          </PrintButton>
        </>
      }
    >
      <Typography>
        Le {dateTime(s.issuedAt)} — caisse : {s.registerLabel} — opérateur : {s.operatorName || '—'}
      </Typography>
      {s.returnOf && (
        <Typography>
          Retour du ticket{' '}
          <MuiLink component={Link} to={`/vente-annexe/${s.returnOf.id}`}>
            {s.returnOf.number}
          </MuiLink>
        </Typography>
      )}
      {s.booking && (
        <Typography>
          Porté sur le séjour{' '}
          <MuiLink component={Link} to={`/booking/${s.booking.id}`}>
            {s.booking.code ?? s.booking.id}
          </MuiLink>
          {s.customerName ? ` — ${s.customerName}` : ''}
        </Typography>
      )}
      {s.assignedCustomer && (
        <Typography data-testid="assigned-customer">
          Client affecté après coup :{' '}
          <MuiLink component={Link} to={`/customer/general/${s.assignedCustomer.customerId}`}>
            {s.assignedCustomer.customerName}
          </MuiLink>{' '}
          (le {dateTime(s.assignedCustomer.createdAt)})
        </Typography>
      )}
      {s.returns.map((r: Row) => (
        <Chip
          key={r.id}
          sx={{ mr: 1, mt: 1 }}
          label={`Retour ${r.number} : ${formatCents(r.totalInclVat)}`}
          component={Link}
          to={`/vente-annexe/${r.id}`}
          clickable
        />
      ))}
      <Paper sx={{ mt: 2 }}>
        <Table size="small" aria-label="Lignes">
          <TableHead>
            <TableRow>
              <TableCell>Article</TableCell>
              <TableCell align="right">Qté</TableCell>
              <TableCell align="right">PU TTC</TableCell>
              <TableCell align="right">Remises</TableCell>
              <TableCell>TVA</TableCell>
              <TableCell align="right">TTC</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.lines.map((l: Row) => (
              <TableRow key={l.id}>
                <TableCell>
                  {l.label}
                  {l.giftVoucherCode ? ` — bon ${l.giftVoucherCode}` : ''}
                </TableCell>
                <TableCell align="right">{l.quantity}</TableCell>
                <TableCell align="right">{formatCents(l.unitPrice)}</TableCell>
                <TableCell align="right">{formatCents(l.lineDiscount + l.ticketDiscountShare)}</TableCell>
                <TableCell>{rateLabel(l.vatRateBp)}</TableCell>
                <TableCell align="right">{formatCents(l.amountInclVat)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={5}>
                <strong>Total TTC</strong> (HT {formatCents(s.totalExclVat)}, TVA {formatCents(s.totalVat)})
              </TableCell>
              <TableCell align="right">
                <strong>{formatCents(s.totalInclVat)}</strong>
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Paper>
      <Paper sx={{ mt: 2 }}>
        <Table size="small" aria-label="Règlements">
          <TableHead>
            <TableRow>
              <TableCell>Règlement</TableCell>
              <TableCell align="right">Montant</TableCell>
              <TableCell align="right">Reçu</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.payments.map((p: Row) => (
              <TableRow key={p.id}>
                <TableCell>
                  {PAYMENT_KIND_LABELS[p.kind as TillPaymentKind] ?? p.kind}
                  {p.reference ? ` ${p.reference}` : ''}
                  {p.vouchers?.length ? ` : ${vouchersText(p.vouchers)} (${vouchersCount(p.vouchers)})` : ''}
                </TableCell>
                <TableCell align="right">{formatCents(p.amount)}</TableCell>
                <TableCell align="right">{formatCents(p.received)}</TableCell>
              </TableRow>
            ))}
            {s.changeGiven > 0 && (
              <TableRow>
                <TableCell>Monnaie rendue</TableCell>
                <TableCell />
                <TableCell align="right">{formatCents(s.changeGiven)}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      <AskDialog
        open={mailing}
        title={`Envoyer le ticket ${s.number} par e-mail`}
        confirmLabel="Envoyer"
        keepLabel="Retour"
        text="Le ticket part en PDF ; laissé vide, l'adresse est celle du client du ticket."
        fields={[{ name: 'to', label: 'Adresse e-mail' }]}
        onConfirm={async (v) => {
          const r = await api<Row>(`/sales/${s.id}/send-email`, {
            method: 'POST',
            json: v.to?.trim() ? { to: v.to.trim() } : {},
          });
          notify(
            r.status === 'sent'
              ? `Ticket envoyé à ${r.to}`
              : `Ticket mis en file d'envoi pour ${r.to} : ${r.error ?? ''}`,
            { type: r.status === 'sent' ? 'success' : 'warning' },
          );
          qc.invalidateQueries({ queryKey: ['sale', saleId] });
        }}
        onClose={() => setMailing(false)}
      />
      {returning && <ReturnDialog sale={s} open={returning} onClose={() => setReturning(false)} onDone={returned} />}
    </Page>
  );
}

export function TicketsPaymentCheck() {
  const q = useRows('sales-check-payments', '/sales/check/payments');
  if (q.isPending) return <Loading />;
  const rows = q.data ?? [];
  return (
    <Page title="Vérification des règlements des tickets">
      {q.error && <Alert severity="error">{(q.error as Error).message}</Alert>}
      {!q.error && !rows.length && <Alert severity="success">Tous les tickets sont réglés exactement.</Alert>}
      {rows.length > 0 && (
        <Table aria-label="Tickets dont les règlements ne correspondent pas">
          <TableHead>
            <TableRow>
              <TableCell>Ticket</TableCell>
              <TableCell>Date</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell align="right">Réglé</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  <Link to={`/vente-annexe/${r.id}`}>{r.number}</Link>
                </TableCell>
                <TableCell>{dateTime(r.issuedAt)}</TableCell>
                <TableCell align="right">{formatCents(r.totalInclVat)}</TableCell>
                <TableCell align="right">{formatCents(r.paid)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Page>
  );
}

export function CheckSales() {
  const q = useRows('sales-check-charged', '/sales/check/charged');
  if (q.isPending) return <Loading />;
  const rows = q.data ?? [];
  return (
    <Page title="Contrôle des ventes portées sur les séjours">
      {q.error && <Alert severity="error">{(q.error as Error).message}</Alert>}
      {!rows.length && <Typography>Aucune vente portée sur un séjour.</Typography>}
      {rows.length > 0 && (
        <Table aria-label="Ventes portées sur les séjours">
          <TableHead>
            <TableRow>
              <TableCell>Ticket</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Séjour</TableCell>
              <TableCell>Client</TableCell>
              <TableCell align="right">Montant</TableCell>
              <TableCell>Facturée</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={`${r.id}-${r.bookingId}`}>
                <TableCell>
                  <Link to={`/vente-annexe/${r.id}`}>{r.number}</Link>
                </TableCell>
                <TableCell>{formatDateFr(r.date)}</TableCell>
                <TableCell>
                  <Link to={`/booking/${r.bookingId}`}>{r.bookingCode ?? r.bookingId}</Link>
                </TableCell>
                <TableCell>{r.customerName}</TableCell>
                <TableCell align="right">{formatCents(r.amount)}</TableCell>
                <TableCell>{r.isBilled ? 'Oui' : 'Non'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Page>
  );
}
