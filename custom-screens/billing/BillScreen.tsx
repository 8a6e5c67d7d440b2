// /bill/{billId}: an issued bill (or credit note) as printed — seller and customer
// snapshots, lines with quantity, unit price excl. VAT, VAT rate and amounts, totals
// per VAT rate, tourist tax outside VAT — with its state, credit notes, payments, the
// PDF, and « Avoir » (all that remains, chosen lines or an amount, with its reason).
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify } from 'react-admin';
import { formatCents } from '../../common/money';
import { billKindLabel, billStateLabel, dateFr, pdfUrl, rateLabel, type Row } from './common';
import { SendBillEmail } from '../documents/SendBillEmail';
import { isPositiveId, rest, useCan, NotFound, Page, PrintButton } from '../../admin/src/ui';
import type { CustomerSnapshot, SellerSnapshot } from './bill-view';
import { CreditNoteDialog } from './CreditNoteDialog';

export default function BillScreen() {
  const { billId = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const notify = useNotify();
  const canWrite = useCan('invoice.bill', 'write');
  const [crediting, setCrediting] = useState(false);
  // No bill is numbered 0 (nor anything but digits): not found at once, without asking the server.
  const valid = isPositiveId(billId);
  const q = useQuery({
    queryKey: ['bill', billId],
    queryFn: () => rest('get', '/bill/view/{billId}', { path: { billId: Number(billId) } }),
    enabled: valid,
  });
  if (!valid) return <NotFound />;
  if (q.isPending) return <Loading />;
  if (q.error)
    return (
      <Page title="Facture">
        <Alert severity="error">{(q.error as Error).message}</Alert>
      </Page>
    );
  const b = q.data;
  const s: SellerSnapshot = b.sellerSnapshot ?? {};
  const c: CustomerSnapshot = b.customerSnapshot ?? {};
  return (
    <Page
      title={`${billKindLabel(b)} ${b.number}`}
      actions={
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="outlined" href={pdfUrl(b.id)} target="_blank" rel="noopener">
            PDF
          </Button>
          <PrintButton path={`/bill/document/${b.id}`} testId="bill-print">
            Imprimer
          </PrintButton>
          <SendBillEmail billId={b.id} email={c.email} />
          {canWrite && b.kind === 'invoice' && b.state !== 'cancelled' && (
            <Button color="error" variant="outlined" onClick={() => setCrediting(true)} data-testid="credit-note">
              Avoir
            </Button>
          )}
          <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
            Retour
          </Button>
        </Box>
      }
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Card sx={{ flex: 1 }}>
          <CardContent>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
              <Chip
                label={billStateLabel[b.state] ?? b.state}
                color={b.state === 'issued' ? 'success' : 'warning'}
                size="small"
              />
              <Typography variant="body2">
                Émise le {dateFr(b.date)}
                {b.serviceStartDate
                  ? ` · prestation du ${dateFr(b.serviceStartDate)} au ${dateFr(b.serviceEndDate)}`
                  : ''}
              </Typography>
            </Box>
            {b.bookingId && (
              <Typography variant="body2">
                Séjour :{' '}
                <MuiLink component={Link} to={`/booking/${b.bookingId}`}>
                  voir le séjour
                </MuiLink>
              </Typography>
            )}
            {b.creditedBill && (
              <Typography variant="body2">
                Avoir sur la facture{' '}
                <MuiLink component={Link} to={`/bill/${b.creditedBill.id}`}>
                  {b.creditedBill.number}
                </MuiLink>
              </Typography>
            )}
            {b.reason && <Typography variant="body2">Motif : {b.reason}</Typography>}
            {b.paymentTerms && <Typography variant="body2">{b.paymentTerms}</Typography>}
          </CardContent>
        </Card>
        <Card sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="overline">Vendeur</Typography>
            <Typography variant="body2">
              {s.corporateName} · SIRET {s.siret} · TVA {s.vatNumber}
            </Typography>
            <Typography variant="overline">Client</Typography>
            <Typography variant="body2">
              {c.name} · {[c.address1, `${c.postalCode ?? ''} ${c.town ?? ''}`, c.country].filter(Boolean).join(', ')}
            </Typography>
          </CardContent>
        </Card>
      </Stack>
      <Table size="small" aria-label="Lignes de la facture">
        <TableHead>
          <TableRow>
            <TableCell>Désignation</TableCell>
            <TableCell>Période</TableCell>
            <TableCell align="right">Qté</TableCell>
            <TableCell align="right">PU HT</TableCell>
            <TableCell align="right">TVA</TableCell>
            <TableCell align="right">Total HT</TableCell>
            <TableCell align="right">Total TTC</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {b.lines.map((l: Row) => (
            <TableRow key={l.id}>
              <TableCell>{l.label}</TableCell>
              <TableCell>{l.startDate ? `${dateFr(l.startDate)} – ${dateFr(l.endDate)}` : ''}</TableCell>
              <TableCell align="right">{l.quantity}</TableCell>
              <TableCell align="right">{formatCents(l.unitPriceExclVat)}</TableCell>
              <TableCell align="right">{rateLabel(l.vatRateBp)}</TableCell>
              <TableCell align="right">{formatCents(l.amountExclVat)}</TableCell>
              <TableCell align="right">{formatCents(l.amountInclVat)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ mt: 2 }}>
        <Table size="small" sx={{ maxWidth: 420 }} aria-label="Totaux par taux de TVA">
          <TableHead>
            <TableRow>
              <TableCell>Taux</TableCell>
              <TableCell align="right">Base HT</TableCell>
              <TableCell align="right">TVA</TableCell>
              <TableCell align="right">TTC</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {b.vatTotals.map((v: Row) => (
              <TableRow key={v.vatRateBp}>
                <TableCell>{rateLabel(v.vatRateBp)}</TableCell>
                <TableCell align="right">{formatCents(v.totalExclVat)}</TableCell>
                <TableCell align="right">{formatCents(v.vatAmount)}</TableCell>
                <TableCell align="right">{formatCents(v.totalInclVat)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Box>
          {/* the tourist tax line is outside VAT: its amount counts in the total before VAT */}
          <Typography>
            {b.touristTaxAmount !== 0 ? 'Total hors TVA, taxe de séjour comprise' : 'Total HT'} :{' '}
            {formatCents(b.totalExclVat)}
          </Typography>
          <Typography>Total TVA : {formatCents(b.totalVat)}</Typography>
          {b.touristTaxAmount !== 0 && (
            <Typography>Dont taxe de séjour (non soumise à la TVA) : {formatCents(b.touristTaxAmount)}</Typography>
          )}
          {b.depositsDeducted !== 0 && (
            <Typography>
              {b.depositNature === 'arrhes' ? 'Arrhes déduites' : 'Acomptes déduits'} :{' '}
              {formatCents(-b.depositsDeducted)}
            </Typography>
          )}
          <Typography variant="h6" data-testid="bill-total">
            Total TTC : {formatCents(b.totalInclVat)}
          </Typography>
          {b.kind === 'invoice' && b.state !== 'issued' && (
            <Typography>Reste après avoirs : {formatCents(b.remaining)}</Typography>
          )}
        </Box>
      </Stack>
      {b.creditNotes.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="overline">Avoirs</Typography>
          {b.creditNotes.map((n: Row) => (
            <Typography key={n.id} variant="body2">
              <MuiLink component={Link} to={`/bill/${n.id}`}>
                {n.number}
              </MuiLink>{' '}
              du {dateFr(n.date)} : {formatCents(n.totalInclVat)} — {n.reason}
            </Typography>
          ))}
        </Box>
      )}
      {b.payments.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="overline">Paiements</Typography>
          {b.payments.map((p: Row) => (
            <Typography key={p.id} variant="body2">
              {dateFr(p.date)} : {formatCents(p.amount)}
            </Typography>
          ))}
        </Box>
      )}
      <CreditNoteDialog
        bill={b}
        open={crediting}
        onClose={() => setCrediting(false)}
        onIssued={(note) => {
          notify(`Avoir ${note.number} émis`, { type: 'success' });
          setCrediting(false);
          qc.invalidateQueries({ queryKey: ['bill', billId] });
        }}
      />
    </Page>
  );
}
