// /campaign-history: the campaigns sent (a model × a mailing criteria × a channel),
// the latest first, with their dates, what the criteria selects, the number of
// customers reached and of messages sent, failed or still waiting in the queue.
import { Alert, Button, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { CHANNEL_LABELS } from './MailHistory';
import { rest, RequireRight, Page } from '../../admin/src/ui';

const day = (s: string) => new Date(s).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });

export default function CampaignHistory() {
  return (
    <RequireRight functionality="campaign.campaigns">
      <Screen />
    </RequireRight>
  );
}

function Screen() {
  const list = useQuery({ queryKey: ['campaign-history'], queryFn: () => rest('get', '/campaign/history') });
  return (
    <Page
      title="Historique des campagnes"
      actions={
        <Button component={Link} to="/campaign-email">
          Campagne d'e-mails
        </Button>
      }
    >
      {list.error ? <Alert severity="error">{(list.error as Error).message}</Alert> : null}
      <Table size="small" aria-label="Historique des campagnes">
        <TableHead>
          <TableRow>
            <TableCell>Envoyée le</TableCell>
            <TableCell>Modèle</TableCell>
            <TableCell>Critère</TableCell>
            <TableCell>Canal</TableCell>
            <TableCell align="right">Destinataires</TableCell>
            <TableCell align="right">Envoyés</TableCell>
            <TableCell align="right">En échec</TableCell>
            <TableCell align="right">En attente</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(list.data ?? []).map((r) => (
            <TableRow key={`${r.channel}-${r.mailingConfigurationId}-${r.mailingCriteriaId}`}>
              <TableCell>
                {day(r.firstSentAt)}
                {day(r.lastSentAt) !== day(r.firstSentAt) ? ` – ${day(r.lastSentAt)}` : ''}
              </TableCell>
              <TableCell>{r.modelLabel}</TableCell>
              <TableCell>
                <strong>{r.criteriaLabel}</strong>
                <br />
                {r.criteriaSummary}
              </TableCell>
              <TableCell>{CHANNEL_LABELS[r.channel] ?? r.channel}</TableCell>
              <TableCell align="right">{r.recipients}</TableCell>
              <TableCell align="right">{r.sent}</TableCell>
              <TableCell align="right" sx={{ color: r.failed ? 'error.main' : undefined }}>
                {r.failed}
              </TableCell>
              <TableCell align="right">{r.pending}</TableCell>
            </TableRow>
          ))}
          {list.data && !list.data.length && (
            <TableRow>
              <TableCell colSpan={8}>Aucune campagne envoyée</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Page>
  );
}
