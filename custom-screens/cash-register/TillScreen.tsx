// /sale-cash-register/{cashRegisterSaleId}: the till of one register. Touch-first:
// article families as tabs, article buttons (colour, price, stock left) in pages of the
// register's « buttons per page » up to its « maximum pages », a running ticket with
// quantities, line discounts and a ticket discount, and a code/barcode field (a code
// typed then Enter adds the article, Enter on the empty field opens the payment).
// « Encaisser » opens the payment; the register's
// window (session) is opened with a float and closed with the Z. The state is till/useTill.ts,
// the rules till/model.ts.
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, Chip } from '@mui/material';
import { Loading } from 'react-admin';
import { NotFound, Page } from '../../admin/src/ui';
import { PaymentDialog } from './PaymentDialog';
import { CloseWindowDialog } from './CloseWindowDialog';
import { useTill } from './till/useTill';
import { ClosedTill } from './till/ClosedTill';
import { ArticlePad } from './till/ArticlePad';
import { TicketPanel } from './till/TicketPanel';

export default function TillScreen() {
  const { cashRegisterSaleId = '' } = useParams();
  const s = useTill(cashRegisterSaleId);
  const { till: q, ticket, canWrite } = s;
  if (!s.valid) return <NotFound />;
  if (q.isPending) return <Loading />;
  if (q.error)
    return (
      <Page title="Caisse">
        <Alert severity="error">{q.error.message}</Alert>
      </Page>
    );
  const data = q.data!;
  const { register, window, paymentMethods } = data;
  if (!window) return <ClosedTill s={s} registerId={register.id} label={register.label} />;
  return (
    <Page
      title={`Caisse ${register.label}`}
      actions={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {register.sellsBracelets && <Chip label={`Bracelets : ${data.braceletCount}`} data-testid="bracelets" />}
          <Button
            variant="outlined"
            color="warning"
            onClick={() => s.setClosing(true)}
            disabled={!canWrite}
            data-testid="close-window"
          >
            Fermer la caisse
          </Button>
        </Box>
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 2 }}>
        <ArticlePad s={s} data={data} />
        <TicketPanel s={s} />
      </Box>
      <PaymentDialog
        open={s.paying}
        total={ticket?.totalInclVat ?? 0}
        kinds={paymentMethods.map((m) => m.kind)}
        voucherMethods={paymentMethods.filter((m) => m.kind === 'holiday-voucher')}
        onClose={() => s.setPaying(false)}
        onPay={s.pay}
      />
      <CloseWindowDialog
        open={s.closing}
        windowId={window.id}
        onClose={() => s.setClosing(false)}
        onClosed={s.reload}
      />
    </Page>
  );
}
