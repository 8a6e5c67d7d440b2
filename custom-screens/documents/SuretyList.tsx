// /surety-list: deposit and balance reminders (§2 (docs/screens.md#documents-and-mail),
// §4 (docs/stays.md#states-and-transitions), §9, docs/constants.md#mail-and-reminders). The title and the amount
// columns follow the surety module's calculation type (1 deposit, 2 balance, 3 both). Arrival dates: from tomorrow to
// 11 days from today; changing the start empties the lists and sets the end 7 days later. Two tables: stays to remind,
// stays to remind again; each row shows its e-mail error. Double-click opens the stay in a new tab.
// « Envoyer les e-mails » (or the SMS, §9 (docs/constants.md#mail-and-reminders) reminder channels) needs the write
// right on the surety function; after sending the lists are searched again. Messages: one toast at a time, 4 s, top
// right.
import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Snackbar,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router-dom';
import { addDays, formatDateFr, todayParis } from '../../common/dates';
import { countFr } from '../../common/french';
import { api, useCan, RequireRight, DateFieldFr, Page, euros } from '../../admin/src/ui';

const SURETY = 'customer.surety';
const TOAST_MS = 4000;
const TITLES: Record<number, string> = {
  1: 'Relance des cautions',
  2: 'Relance des soldes',
  3: 'Relance des cautions et des soldes',
};

interface SuretyRow {
  bookingId: number;
  bookingCode: string;
  customerName: string;
  startDate: string;
  endDate: string;
  suretyAmount: number;
  balanceAmount: number;
  isSuretySend: boolean;
  isSuretyReminderSend: boolean;
  isBalanceSend: boolean;
  isBalanceSendReminder: boolean;
  error: string | null;
}
interface Lists {
  calcul: 1 | 2 | 3;
  suretyList: SuretyRow[];
  suretyReminderList: SuretyRow[];
}

export default function SuretyList() {
  return (
    <RequireRight functionality={SURETY}>
      <Screen />
    </RequireRight>
  );
}

function Screen() {
  const navigate = useNavigate();
  const canSend = useCan(SURETY, 'write');
  const [calcul, setCalcul] = useState<1 | 2 | 3 | null>(null);
  const [start, setStart] = useState(() => addDays(todayParis(), 1));
  const [end, setEnd] = useState(() => addDays(todayParis(), 11));
  const [lists, setLists] = useState<Lists | null>(null);
  const [busy, setBusy] = useState(false);
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  // The deposit provider of the surety module (§7, docs/api.md), when the installation has one.
  const [provider, setProvider] = useState<string | null>(null);
  const [toast, setToast] = useState<{ key: number; text: string; severity: 'success' | 'error' | 'warning' } | null>(
    null,
  );
  const say = (text: string, severity: 'success' | 'error' | 'warning') =>
    setToast({ key: Date.now(), text, severity });

  const search = useCallback(
    async (from = start, to = end) => {
      setBusy(true);
      try {
        setLists(await api<Lists>(`/surety/list?${new URLSearchParams({ startDate: from, endDate: to })}`));
      } catch (e) {
        say((e as Error).message, 'error');
      } finally {
        setBusy(false);
      }
    },
    [start, end],
  );

  // Opening: empty list, configuration, then the search.
  useEffect(() => {
    setLists(null);
    api<{ calcul: 1 | 2 | 3 }>('/surety/configuration').then(
      (c) => {
        setCalcul(c.calcul);
        void search();
      },
      (e) => say((e as Error).message, 'error'),
    );
    api<{ provider: { name: string; configured: boolean } }>('/module/surety/index').then(
      (m) => setProvider(m.provider.configured ? m.provider.name : null),
      () => setProvider(null),
    );
    // Once, at opening: configuration then the first search (§2, docs/screens.md#documents-and-mail)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const changeStart = (v: string) => {
    setStart(v);
    setLists(null);
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) setEnd(addDays(v, 7));
  };

  const rows = [...(lists?.suretyList ?? []), ...(lists?.suretyReminderList ?? [])];
  const send = async () => {
    if (!rows.length) {
      say("Aucune sélection pour l'e-mailing", 'warning');
      return;
    }
    setBusy(true);
    try {
      const r = await api<{ sent: number; errors: { bookingId: number; error: string }[] }>('/surety/send', {
        method: 'POST',
        json: { startDate: start, endDate: end, bookingIds: rows.map((x) => x.bookingId), channel },
      });
      const done =
        channel === 'sms'
          ? countFr(r.sent, 'SMS envoyé', 'SMS envoyés')
          : countFr(r.sent, 'e-mail envoyé', 'e-mails envoyés');
      say(
        r.errors.length
          ? `${done} ; ${channel === 'sms' ? 'SMS' : 'e-mails'} non envoyés : ` +
              `${countFr(new Set(r.errors.map((x) => x.bookingId)).size, 'séjour')}`
          : done,
        r.errors.length ? 'warning' : 'success',
      );
    } catch (e) {
      say((e as Error).message, 'error');
    } finally {
      setBusy(false);
      setLists(null);
      void search();
    }
  };

  // The provider e-mails its own deposit request (a card imprint it holds) for the stays still to remind.
  const askProvider = async () => {
    const ids = (lists?.suretyList ?? []).map((x) => x.bookingId);
    if (!ids.length) {
      say("Aucune sélection pour l'e-mailing", 'warning');
      return;
    }
    setBusy(true);
    try {
      const r = await api<{ sent: unknown[] }>('/module/surety/swikly/send', {
        method: 'POST',
        json: { bookingIds: ids },
      });
      say(
        `${countFr(r.sent.length, 'demande de caution transmise', 'demandes de caution transmises')} à ${provider}`,
        'success',
      );
    } catch (e) {
      say((e as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const c = calcul ?? lists?.calcul ?? 1;
  const table = (title: string, data: SuretyRow[], testId: string) => (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h6">
        {title} ({data.length})
      </Typography>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>Séjour</TableCell>
            <TableCell>Client</TableCell>
            <TableCell>Arrivée</TableCell>
            <TableCell>Départ</TableCell>
            {c !== 2 && <TableCell align="right">Caution</TableCell>}
            {c !== 1 && <TableCell align="right">Solde restant</TableCell>}
            <TableCell>Erreur</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((r) => (
            <TableRow
              key={r.bookingId}
              hover
              data-booking={r.bookingCode}
              onDoubleClick={() => window.open(`/booking/${r.bookingId}`, '_blank', 'noopener')}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell>{r.bookingCode}</TableCell>
              <TableCell>{r.customerName}</TableCell>
              <TableCell>{formatDateFr(r.startDate)}</TableCell>
              <TableCell>{formatDateFr(r.endDate)}</TableCell>
              {c !== 2 && <TableCell align="right">{euros(r.suretyAmount)}</TableCell>}
              {c !== 1 && <TableCell align="right">{euros(r.balanceAmount)}</TableCell>}
              <TableCell sx={{ color: 'error.main' }}>{r.error}</TableCell>
            </TableRow>
          ))}
          {!data.length && (
            <TableRow>
              <TableCell colSpan={7}>Aucun séjour</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );

  return (
    <Page
      title={TITLES[c]}
      actions={
        <>
          {canSend && (
            <TextField
              select
              size="small"
              label="Canal"
              value={channel}
              onChange={(e) => setChannel(e.target.value as 'email' | 'sms')}
              sx={{ minWidth: 120 }}
            >
              <MenuItem value="email">E-mail</MenuItem>
              <MenuItem value="sms">SMS</MenuItem>
            </TextField>
          )}
          {canSend && (
            <Button variant="contained" startIcon={<SendIcon />} onClick={send} disabled={busy || !lists}>
              {channel === 'sms' ? 'Envoyer les SMS' : 'Envoyer les e-mails'}
            </Button>
          )}
          {canSend && provider && c !== 2 && (
            <Button variant="outlined" onClick={askProvider} disabled={busy || !lists}>
              Demander les cautions via {provider}
            </Button>
          )}
          <Button onClick={() => navigate('/home')}>Quitter</Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <DateFieldFr
          label="Arrivée du"
          name="start"
          value={start}
          onChange={(v) => {
            if (v) changeStart(v);
          }}
        />
        <DateFieldFr
          label="au"
          name="end"
          value={end}
          onChange={(v) => {
            if (v) {
              setEnd(v);
              setLists(null);
            }
          }}
        />
        <Button startIcon={<SearchIcon />} onClick={() => search()} disabled={busy || end < start}>
          Rechercher
        </Button>
      </Box>
      {table('Séjours à relancer', lists?.suretyList ?? [], 'surety-list')}
      {table('Séjours à relancer de nouveau', lists?.suretyReminderList ?? [], 'surety-reminder-list')}
      <Snackbar
        key={toast?.key}
        open={!!toast}
        autoHideDuration={TOAST_MS}
        onClose={() => setToast(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {toast ? (
          <Alert severity={toast.severity} onClose={() => setToast(null)} variant="filled">
            {toast.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Page>
  );
}
