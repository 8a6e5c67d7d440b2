// /rent-receipt-multi-creation: the rent receipts of every deadline of a year (or of the
// deadlines starting within a period) for all contracts, in one go. Run twice, it makes
// nothing twice: each deadline has one receipt.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button } from '@mui/material';
import { countFr } from '../../common/french';
import { rest, DateBox, FormRow, Page } from '../../admin/src/ui';
import { thisYear } from './common';
import { YearPicker } from '../fiscal/YearPicker';

export default function MultiCreation() {
  const navigate = useNavigate();
  const [year, setYear] = useState(thisYear());
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{
    created: number;
    existing: number;
    refused: { placeAffectationId: number; message: string }[];
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(
        await rest('post', '/rent-receipt/multi-creation', {
          body: { year, ...(from ? { from } : {}), ...(to ? { to } : {}) },
        }),
      );
    } catch (e) {
      setError((e as Error)?.message ?? 'Une erreur est survenue');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title="Création des quittances">
      <p>
        Crée les quittances de toutes les échéances de l’année pour tous les contrats : redevance annuelle révisée,
        redevances de la période, taxe de séjour forfaitaire et consommations relevées. Une échéance qui a déjà sa
        quittance n’est pas recréée.
      </p>
      <FormRow>
        <YearPicker value={year} onChange={setYear} />
        <DateBox label="Échéances à partir du (facultatif)" value={from} onChange={setFrom} name="from" />
        <DateBox label="jusqu’au (exclu, facultatif)" value={to} onChange={setTo} name="to" />
        <Button variant="contained" disabled={busy} onClick={run} data-testid="multi-create">
          Créer les quittances
        </Button>
      </FormRow>
      {error && <Alert severity="error">{error}</Alert>}
      {result && (
        <Alert
          severity="success"
          data-testid="multi-result"
          action={<Button onClick={() => navigate('/rent-receipt-management')}>Gérer les quittances</Button>}
        >
          {result.created
            ? `${countFr(result.created, 'quittance créée', 'quittances créées')}`
            : 'Aucune quittance créée'}
          {result.existing ? `, ${countFr(result.existing, 'échéance avait', 'échéances avaient')} déjà la sienne` : ''}
          .
        </Alert>
      )}
      {result?.refused.map((r) => (
        <Alert key={r.placeAffectationId} severity="warning" sx={{ mt: 1 }}>
          Contrat {r.placeAffectationId} : {r.message}
        </Alert>
      ))}
    </Page>
  );
}
