// /insurance-declaration-list — the declarations to the insurer (issue 30, docs/history.md#issue-30): the ones
// made (period, stays, premiums, commission, sent when and by whom, the e-mail's state,
// the file), and a new one: the period's insured stays previewed, then sent.
import { useState } from 'react';
import { Alert, Button, Link, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { countFr } from '../../../common/french';
import { addDays, todayParis } from '../../../common/dates';
import { formatRate } from '../../../common/money';
import {
  API,
  DataTable,
  DateBox,
  dateFr,
  dateTimeFr,
  Page,
  rest,
  useCan,
  type Column,
  type RestAnswer,
} from '../../../admin/src/ui';
import { euros, Filters, Totals } from './shared';

type Preview = RestAnswer<'/insurance-declaration/preview', 'get'>;

const firstOfMonth = (d: string) => `${d.slice(0, 8)}01`;
const MAIL: Record<string, string> = { sent: 'Envoyé', queued: 'En attente', sending: 'En cours', failed: 'En échec' };

const declarationColumns: Column[] = [
  { key: 'startDate', label: 'Du', render: (r) => dateFr(r.startDate) },
  { key: 'endDate', label: 'Au (exclu)', render: (r) => dateFr(r.endDate) },
  { key: 'contractNumber', label: 'Contrat' },
  { key: 'stayCount', label: 'Séjours', align: 'right' },
  { key: 'totalPremium', label: 'Primes', align: 'right', render: (r) => euros(r.totalPremium) },
  { key: 'commission', label: 'Commission', align: 'right', render: (r) => euros(r.commission) },
  {
    key: 'sentAt',
    label: 'Envoyée',
    render: (r) => (r.sentAt ? `${dateTimeFr(r.sentAt)} par ${r.sentBy ?? '—'}` : 'Non envoyée'),
  },
  { key: 'mailStatus', label: 'E-mail', render: (r) => (r.mailStatus ? MAIL[r.mailStatus] : '—') },
  {
    key: 'fileName',
    label: 'Fichier',
    render: (r) => (
      <Link href={`${API}/insurance-declaration/${r.id}/file`} onClick={(e) => e.stopPropagation()}>
        {r.fileName}
      </Link>
    ),
  },
];

const stayColumns: Column[] = [
  { key: 'code', label: 'Séjour' },
  { key: 'customerName', label: 'Client' },
  { key: 'startDate', label: 'Arrivée', render: (r) => dateFr(r.startDate) },
  { key: 'endDate', label: 'Départ', render: (r) => dateFr(r.endDate) },
  { key: 'stayAmount', label: 'Prix du séjour', align: 'right', render: (r) => euros(r.stayAmount) },
  { key: 'premium', label: 'Prime', align: 'right', render: (r) => euros(r.premium) },
];

export default function InsuranceDeclarations() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const canWrite = useCan('booking.booking', 'write');
  const today = todayParis();
  const [from, setFrom] = useState(firstOfMonth(addDays(firstOfMonth(today), -1)));
  const [to, setTo] = useState(firstOfMonth(today));
  const [moduleId, setModuleId] = useState<number | ''>('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['insurance-declarations'],
    queryFn: () => rest('get', '/insurance-declaration/list'),
  });
  const modules = (list.data?.modules ?? []).filter((m) => m.isActive);
  const chosen = moduleId || modules[0]?.id || '';
  const run = async (f: () => Promise<void>) => {
    setError(null);
    setDone(null);
    try {
      await f();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const showPreview = () =>
    run(async () =>
      setPreview(
        await rest('get', '/insurance-declaration/preview', { query: { moduleId: Number(chosen), from, to } }),
      ),
    );
  const send = () =>
    run(async () => {
      const r = await rest('post', '/insurance-declaration/create', { body: { moduleId: Number(chosen), from, to } });
      setPreview(null);
      setDone(
        r.mailStatus === 'sent'
          ? "Déclaration envoyée à l'assureur"
          : `Déclaration enregistrée, e-mail à l'assureur en file d'envoi${r.mailError ? ` (${r.mailError})` : ''}`,
      );
      await qc.invalidateQueries({ queryKey: ['insurance-declarations'] });
    });
  return (
    <Page title="Déclarations à l'assureur">
      {!list.isPending && !modules.length && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Aucun module Assurance annulation actif : créez-le dans Admin, Modules (contrat, e-mail de l'assureur).
        </Alert>
      )}
      {canWrite && modules.length > 0 && (
        <>
          <Typography variant="h6">Nouvelle déclaration</Typography>
          <Filters>
            {modules.length > 1 && (
              <TextField
                select
                size="small"
                label="Assurance"
                value={chosen}
                onChange={(e) => setModuleId(Number(e.target.value))}
              >
                {modules.map((m) => (
                  <MenuItem key={m.id} value={m.id}>
                    {m.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <DateBox label="Arrivées du" value={from} onChange={setFrom} name="from" />
            <DateBox label="au (exclu)" value={to} onChange={setTo} name="to" />
            <Button variant="outlined" onClick={showPreview} data-testid="insurance-preview">
              Aperçu
            </Button>
          </Filters>
        </>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {done}
        </Alert>
      )}
      {preview && (
        <>
          <Totals
            items={[
              ['Séjours', countFr(preview.stays.length, 'séjour')],
              ['Primes', euros(preview.totalPremium)],
              [`Commission (${formatRate(preview.commissionRateBp)} %)`, euros(preview.commission)],
              ['À reverser', euros(preview.totalPremium - preview.commission)],
              ['Contrat', preview.contractNumber ?? 'non renseigné'],
            ]}
          />
          <DataTable
            name="insurance-preview"
            rowKey="bookingId"
            columns={stayColumns}
            rows={preview.stays}
            onOpen={(r) => navigate(`/booking/${r.bookingId}`)}
            empty="Aucun séjour assuré à déclarer sur cette période"
          />
          {preview.stays.length > 0 && (
            <Button variant="contained" sx={{ mt: 1, mb: 3 }} onClick={send} data-testid="insurance-send">
              Envoyer la déclaration à l'assureur
            </Button>
          )}
        </>
      )}
      <Typography variant="h6" sx={{ mt: 2 }}>
        Déclarations faites
      </Typography>
      <DataTable
        name="insurance-declaration-list"
        columns={declarationColumns}
        rows={list.data?.rows}
        loading={list.isPending}
        empty="Aucune déclaration"
      />
    </Page>
  );
}
