// /vente-annexe/{saleId}: one ticket as issued (lines, payments, vouchers, returns, the stay
// it was charged to, the PDF), with its return and its sending by e-mail.
import { Link, useParams } from 'react-router-dom';
import { Alert, Button, Chip, Link as MuiLink, Typography } from '@mui/material';
import { Loading } from 'react-admin';
import { formatCents } from '../../../common/money';
import { AskDialog, NotFound, Page, PrintButton } from '../../../admin/src/ui';
import { ReturnDialog } from '../ReturnDialog';
import { dateTime, printLabel, returnableLines, type SaleView } from '../model';
import { useSale } from '../useSale';
import { SaleLinesTable, SalePaymentsTable } from './SaleTables';

export function SaleScreen() {
  const { saleId = '' } = useParams();
  const {
    valid,
    sale: q,
    canWrite,
    returning,
    setReturning,
    mailing,
    setMailing,
    returned,
    sendMail,
  } = useSale(saleId);
  if (!valid) return <NotFound />;
  if (q.isPending) return <Loading />;
  if (q.error)
    return (
      <Page title="Vente annexe">
        <Alert severity="error">{q.error.message}</Alert>
      </Page>
    );
  const s = q.data;
  return (
    <Page
      title={`${s.kind === 'return' ? 'Retour' : 'Ticket'} ${s.number}`}
      actions={
        <>
          {canWrite && s.kind === 'sale' && returnableLines(s.lines).length > 0 && (
            <Button variant="outlined" color="warning" onClick={() => setReturning(true)}>
              Retour…
            </Button>
          )}
          <Button variant="outlined" onClick={() => setMailing(true)}>
            Envoyer par e-mail
          </Button>
          <PrintButton path={`/sales/document/${s.id}`} testId="ticket-print">
            {printLabel(s.printCount)}
          </PrintButton>
        </>
      }
    >
      <SaleLinks s={s} />
      <SaleLinesTable s={s} />
      <SalePaymentsTable s={s} />
      <AskDialog
        open={mailing}
        title={`Envoyer le ticket ${s.number} par e-mail`}
        confirmLabel="Envoyer"
        keepLabel="Retour"
        text="Le ticket part en PDF ; laissé vide, l'adresse est celle du client du ticket."
        fields={[{ name: 'to', label: 'Adresse e-mail' }]}
        onConfirm={(v) => sendMail(s.id, v.to)}
        onClose={() => setMailing(false)}
      />
      {returning && <ReturnDialog sale={s} open={returning} onClose={() => setReturning(false)} onDone={returned} />}
    </Page>
  );
}

/** When and where the ticket was issued, and the tickets, stay and customer it leads to. */
function SaleLinks({ s }: { s: SaleView }) {
  return (
    <>
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
      {s.returns.map((r) => (
        <Chip
          key={r.id}
          sx={{ mr: 1, mt: 1 }}
          label={`Retour ${r.number} : ${formatCents(r.totalInclVat)}`}
          component={Link}
          to={`/vente-annexe/${r.id}`}
          clickable
        />
      ))}
    </>
  );
}
