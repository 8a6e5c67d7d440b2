// /booking/{bookingId}: one stay — its customer, status and dates, its occupancies
// with occupants, animals, vehicles and extras, its price as the server stored it
// (BookingPrice: breakdown, down payment and balance, manual prices, re-pricing), the
// actions of §4 (docs/stays.md#states-and-transitions) (each asking what it needs: a reason, a date, a kind), and its
// history. What the user may do is the summary's `allowed`, decided by the server
// (api/domain/stays/allowed.ts): this screen shows it and derives no rule. The full new-booking wizard is /new-booking;
// an occupancy is edited through it (/new-booking/1/{bookingId}/0/{occupancyId}/…). Its pieces are in ./booking/.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  ButtonGroup,
  Card,
  CardContent,
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
import { convertTarget } from '../../common/stay-actions';
import { STATUS } from '../../common/stay-status';
import { BookingPrice } from './BookingPrice';
import { StayBilling } from '../billing/StayBilling';
import { moneyWarnings, useStayMoney } from '../billing/stay-money';
import { useHolidayAid } from '../billing/HolidayAidBox';
import { StayDocuments } from '../documents/StayDocuments';
import {
  records,
  rest,
  staleCurrent,
  useCan,
  useCurrentUser,
  useFunctionKeys,
  NotFound,
  AskDialog,
  Page,
  type Row,
} from '../../admin/src/ui';
import { kindLabel } from './status';
import { actionButtons } from './booking/actions';
import { isStayAction, runStayAction } from './booking/runAction';
import { NOTHING, OccupancyRow } from './booking/OccupancyRow';
import { AddOccupancy } from './booking/AddOccupancy';
import { MergeWith } from './booking/MergeWith';
import { StayCards } from './booking/StayCards';
import { NotesAndHistory } from './booking/NotesAndHistory';

export default function BookingScreen() {
  const { bookingId = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const qc = useQueryClient();
  const [asking, setAsking] = useState<string | null>(null);
  const valid = /^\d+$/.test(bookingId);
  const summary = useQuery({
    queryKey: ['booking', bookingId],
    queryFn: () => rest('get', '/booking/{id}/summary', { path: { id: Number(bookingId) } }),
    enabled: valid,
  });
  const canReadMoney = useCan('invoice.payment', 'read');
  const rights = useCurrentUser();
  const moneyQuery = useStayMoney(bookingId);
  const money = moneyWarnings(moneyQuery.data);
  const aid = useHolidayAid(Number(bookingId), valid && canReadMoney);
  useFunctionKeys({ Escape: () => navigate(-1) });
  if (!valid) return <NotFound />;
  // The page is painted once its money card and VACAF line are known too: they sit above the occupancies, and a
  // card growing when its figures arrive moves the buttons below it between a user's aim and click.
  if (summary.isPending || rights.isPending || (canReadMoney && (moneyQuery.isPending || aid.isPending)))
    return <Loading />;
  if (summary.error)
    return (
      <Page title="Séjour">
        <Alert severity="error">{(summary.error as Error).message}</Alert>
      </Page>
    );
  const { booking: b, occupancies, allowed, history } = summary.data;
  // The stay and its money: a change of extras or of the price moves what is due.
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['booking', bookingId] });
    void qc.invalidateQueries({ queryKey: ['balance', Number(bookingId)] });
  };
  const run = async (action: string, values: Record<string, string>) => {
    // The action is a button's (booking/actions.ts), known at run time only: runAction.ts types its body per route.
    if (!isStayAction(action)) throw new Error(`Action inconnue : ${action}`);
    // The version shown: an action on a stay someone changed meanwhile is a 409, and the stay is reloaded.
    // The dialog showed the balance due: confirming it is the server's acceptBalance.
    const answer = await runStayAction(b, action, values, money.due > 0).catch((e) => {
      if (staleCurrent(e)) refresh();
      throw e;
    });
    qc.setQueryData(['booking', bookingId], answer);
    notify('Enregistrement effectué', { type: 'success' });
  };
  const saveFields = async (patch: Row) => {
    try {
      await records.update('booking', b.id, { ...patch, version: b.version });
      notify('Enregistrement effectué', { type: 'success' });
      refresh();
    } catch (e) {
      // Changed meanwhile: reload the stay; what was typed stays in its field to save again.
      if (staleCurrent(e)) {
        notify(`${(e as Error).message} : le séjour a été rechargé, vos saisies restent affichées`, {
          type: 'warning',
        });
        refresh();
      } else notify((e as Error).message, { type: 'error' });
    }
  };
  const buttons = actionButtons(summary.data, money);
  // An action's dialog says (and its departure confirms) what is due: the buttons wait for the stay and its money
  // as they are now, not as they were before a change being reloaded.
  const reloading = summary.isFetching || moneyQuery.isFetching;
  const ui = asking ? buttons.find((x) => x.key === asking) : null;
  return (
    <Page
      title={`${kindLabel(b.kind)} ${b.code}`}
      actions={
        <>
          <StayDocuments bookingId={b.id} kind={b.kind} />
          {/* access credentials and concierge orders of this stay (custom-screens/stay-services) */}
          <Button onClick={() => navigate(`/access-credential-list?bookingId=${b.id}`)}>Badges et plaques</Button>
          <Button onClick={() => navigate(`/concierge-daily-list?bookingId=${b.id}`)}>Conciergerie</Button>
          <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
            Retour
          </Button>
        </>
      }
    >
      <StayCards s={summary.data} onSaveCustomer={(customerId) => void saveFields({ customerId })} />

      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {buttons.length > 0 && (
          <ButtonGroup variant="outlined" sx={{ flexWrap: 'wrap' }} aria-label="Actions du séjour">
            {buttons.map((x) => (
              <Button
                key={x.key}
                color={x.danger ? 'error' : 'primary'}
                onClick={() => setAsking(x.key)}
                disabled={reloading}
                data-testid={`action-${x.key}`}
              >
                {x.label}
              </Button>
            ))}
          </ButtonGroup>
        )}
        {allowed.merge && (
          <MergeWith
            booking={b}
            onMerged={(answer) => {
              qc.setQueryData(['booking', bookingId], answer);
              notify('Séjours fusionnés', { type: 'success' });
            }}
          />
        )}
      </Box>
      <StayBilling
        bookingId={b.id}
        billable={allowed.billable}
        cancellationFee={b.statusId === STATUS.CANCELLED ? b.cancellationFee : null}
      />
      {ui && asking && (
        <AskDialog
          open
          title={ui.title}
          text={ui.text}
          fields={ui.fields}
          confirmLabel={ui.confirm ?? ui.label}
          keepLabel={ui.keep}
          onClose={() => setAsking(null)}
          onConfirm={(v) =>
            convertTarget(asking) ? run('convert', { ...v, kind: convertTarget(asking)! }) : run(asking, v)
          }
        />
      )}

      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="h6" sx={{ flex: 1 }}>
              Occupations
            </Typography>
            {allowed.addOccupancy && <AddOccupancy booking={b} onDone={refresh} />}
          </Box>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Emplacement</TableCell>
                <TableCell>Dates</TableCell>
                <TableCell>Équipement</TableCell>
                <TableCell>Occupants</TableCell>
                <TableCell>Animaux, véhicules, extras</TableCell>
                <TableCell>Accompagnants</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {occupancies.map((o) => (
                <OccupancyRow
                  key={o.id}
                  o={o}
                  b={b}
                  allowed={allowed.occupancies[o.id] ?? NOTHING}
                  onChanged={refresh}
                />
              ))}
              {!occupancies.length && (
                <TableRow>
                  <TableCell colSpan={7}>Aucune occupation</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <BookingPrice
        b={b}
        occupancies={occupancies}
        canWrite={allowed.editPrice}
        modifiable={allowed.editPrice}
        onChanged={refresh}
        onSummary={(s) => qc.setQueryData(['booking', bookingId], s)}
      />

      <NotesAndHistory
        b={b}
        history={history}
        canEdit={allowed.editNotes}
        onSaveNotes={(notes) => void saveFields({ notes })}
      />
    </Page>
  );
}
