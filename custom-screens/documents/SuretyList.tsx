// /surety-list: deposit and balance reminders (§2 (docs/screens.md#documents-and-mail),
// §4 (docs/stays.md#states-and-transitions), §9, docs/constants.md#mail-and-reminders). The title and the amount
// columns follow the surety module's calculation type (1 deposit, 2 balance, 3 both). Arrival dates: from tomorrow to
// 11 days from today; changing the start empties the lists and sets the end 7 days later. Two tables: stays to remind,
// stays to remind again; each row shows its e-mail error. Double-click opens the stay in a new tab.
// « Envoyer les e-mails » (or the SMS, §9 (docs/constants.md#mail-and-reminders) reminder channels) needs the write
// right on the surety function; after sending the lists are searched again. Messages: one toast at a time, 4 s, top
// right. The state is useSuretyList.ts, the rules surety-list-model.ts.
import { Alert, Box, Button, MenuItem, Snackbar, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router-dom';
import { RequireRight, DateFieldFr, Page } from '../../admin/src/ui';
import { TITLES, type Channel } from './surety-list-model';
import { SuretyTable } from './SuretyTable';
import { SURETY, useSuretyList } from './useSuretyList';

const TOAST_MS = 4000;

export default function SuretyList() {
  return (
    <RequireRight functionality={SURETY}>
      <Screen />
    </RequireRight>
  );
}

function Screen() {
  const navigate = useNavigate();
  const s = useSuretyList();
  const { c, lists, busy, canSend, channel, provider, toast } = s;
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
              onChange={(e) => s.setChannel(e.target.value as Channel)}
              sx={{ minWidth: 120 }}
            >
              <MenuItem value="email">E-mail</MenuItem>
              <MenuItem value="sms">SMS</MenuItem>
            </TextField>
          )}
          {canSend && (
            <Button variant="contained" startIcon={<SendIcon />} onClick={s.send} disabled={busy || !lists}>
              {channel === 'sms' ? 'Envoyer les SMS' : 'Envoyer les e-mails'}
            </Button>
          )}
          {canSend && provider && c !== 2 && (
            <Button variant="outlined" onClick={s.askProvider} disabled={busy || !lists}>
              Demander les cautions via {provider}
            </Button>
          )}
          <Button onClick={() => navigate('/home')}>Quitter</Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <DateFieldFr label="Arrivée du" name="start" value={s.start} onChange={(v) => v && s.changeStart(v)} />
        <DateFieldFr label="au" name="end" value={s.end} onChange={(v) => v && s.changeEnd(v)} />
        <Button startIcon={<SearchIcon />} onClick={() => s.search()} disabled={busy || s.end < s.start}>
          Rechercher
        </Button>
      </Box>
      <SuretyTable title="Séjours à relancer" data={lists?.suretyList ?? []} testId="surety-list" c={c} />
      <SuretyTable
        title="Séjours à relancer de nouveau"
        data={lists?.suretyReminderList ?? []}
        testId="surety-reminder-list"
        c={c}
      />
      <Snackbar
        key={toast?.key}
        open={!!toast}
        autoHideDuration={TOAST_MS}
        onClose={() => s.setToast(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {toast ? (
          <Alert severity={toast.severity} onClose={() => s.setToast(null)} variant="filled">
            {toast.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Page>
  );
}
