// The /preference/ sections of billing: result, fees, print-mode, sale. One stored row
// (finance_preference), each section edits its own fields; the defaults show until the
// first save (id 0 then creates the row).
import { useEffect, useState } from 'react';
import { Alert, Button, Card, CardContent, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { formatCents, parseEurosToCents } from '../../common/money';
import { records, rest, useCan, Page, type EntityDraft } from '../../admin/src/ui';
import { usePaymentMethods } from './usePaymentMethods';

/** The preference record as the form edits it, field by field (the sections name them as strings). */
type Values = Record<string, string | number | boolean | null>;
const cents = (v: Values[string] | undefined) => (typeof v === 'number' ? v : 0);

type Field = {
  name: string;
  label: string;
  type: 'enum' | 'bool' | 'money' | 'rate' | 'method' | 'text';
  choices?: [string, string][];
};
type Section = 'result' | 'fees' | 'print-mode' | 'sale';

const SECTIONS: Record<Section, { title: string; fields: Field[] }> = {
  result: {
    title: 'Préférences : résultats',
    fields: [
      {
        name: 'resultBasis',
        label: 'Date des encaissements remisables dans le journal',
        type: 'enum',
        choices: [
          ['payment-date', 'Date du paiement'],
          ['deposit-date', 'Date de remise en banque'],
        ],
      },
      { name: 'resultIncludesDownPayments', label: 'Compter les acomptes dans les résultats', type: 'bool' },
      { name: 'cashDifferenceTolerance', label: 'Écart de caisse toléré (€)', type: 'money' },
    ],
  },
  fees: {
    title: 'Préférences : frais',
    fields: [
      { name: 'holidayVoucherCommissionBp', label: 'Commission sur les chèques-vacances (%)', type: 'rate' },
      { name: 'cardCommissionBp', label: 'Commission sur les cartes bancaires (%)', type: 'rate' },
    ],
  },
  'print-mode': {
    title: "Préférences : mode d'impression",
    fields: [
      {
        name: 'documentDisposition',
        label: 'Documents PDF',
        type: 'enum',
        choices: [
          ['inline', 'Ouvrir dans le navigateur'],
          ['attachment', 'Télécharger'],
        ],
      },
      {
        name: 'depositSlipType',
        label: 'Bordereau de remise',
        type: 'enum',
        choices: [
          ['detailed', 'Détaillé (un paiement par ligne)'],
          ['summary', 'Récapitulatif (total seulement)'],
        ],
      },
    ],
  },
  sale: {
    title: 'Préférences : ventes',
    fields: [
      { name: 'saleDefaultPaymentMethodId', label: 'Mode de paiement par défaut des ventes', type: 'method' },
      { name: 'saleCashPaymentMethodId', label: 'Caisse des espèces', type: 'method' },
      { name: 'saleRequireCustomer', label: 'Client obligatoire pour une vente', type: 'bool' },
      { name: 'saleTicketFooter', label: 'Pied de ticket', type: 'text' },
    ],
  },
};

const rateText = (bp: number) => (bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 });
const parseRate = (s: string) => {
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};

function FinancePreferences({ section }: { section: Section }) {
  const qc = useQueryClient();
  const notify = useNotify();
  const canWrite = useCan('establishment.settings', 'write');
  const q = useQuery({
    queryKey: ['finance-preference'],
    queryFn: () => rest('get', '/finance-preference/current'),
  });
  const methods = usePaymentMethods('all');
  const [text, setText] = useState<Record<string, string>>({});
  const [values, setValues] = useState<Values>({});
  // A 400 names its fields: the message goes under each (issue 13 (docs/stays.md#preferences): never a toast alone).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { title, fields } = SECTIONS[section];
  useEffect(() => {
    if (!q.data) return;
    // Read by field name, as the sections list them.
    const data: Values = q.data;
    setValues(data);
    setText(
      Object.fromEntries(
        fields.map((f) => [
          f.name,
          f.type === 'money'
            ? formatCents(cents(data[f.name]), false)
            : f.type === 'rate'
              ? rateText(cents(data[f.name]))
              : '',
        ]),
      ),
    );
    // Fields follow the section, which is in the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q.data, section]);
  const save = async () => {
    const rec: Values = { ...values };
    const typed: Record<string, string> = {};
    for (const f of fields) {
      if (f.type === 'money') rec[f.name] = parseEurosToCents(text[f.name] ?? '');
      if (f.type === 'rate') rec[f.name] = parseRate(text[f.name] ?? '');
      if ((f.type === 'money' || f.type === 'rate') && rec[f.name] == null)
        typed[f.name] = 'Saisissez un nombre, par exemple 2,5';
    }
    setErrors(typed);
    if (Object.keys(typed).length) return;
    try {
      // The fields are the screen's list (by name), so the record is typed as a whole here.
      await records.save('finance-preference', rec as EntityDraft<'finance-preference'>);
      notify('Préférences enregistrées', { type: 'success' });
      qc.invalidateQueries({ queryKey: ['finance-preference'] });
    } catch (err) {
      const e = err as Error & { body?: { errors?: Record<string, string> } };
      setErrors(e?.body?.errors ?? {});
      notify(e.message, { type: 'error' });
    }
  };
  return (
    <Page title={title}>
      {q.error && <Alert severity="error">{(q.error as Error).message}</Alert>}
      {q.data && (
        <Card sx={{ maxWidth: 640 }}>
          <CardContent>
            <Stack spacing={2}>
              {fields.map((f) => {
                if (f.type === 'bool')
                  return (
                    <FormControlLabel
                      key={f.name}
                      control={
                        <Switch
                          checked={!!values[f.name]}
                          onChange={(e) => setValues({ ...values, [f.name]: e.target.checked })}
                        />
                      }
                      label={f.label}
                    />
                  );
                const err = { error: !!errors[f.name], helperText: errors[f.name] };
                if (f.type === 'enum')
                  return (
                    <TextField
                      key={f.name}
                      select
                      label={f.label}
                      {...err}
                      value={values[f.name] ?? ''}
                      onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                    >
                      {f.choices!.map(([v, l]) => (
                        <MenuItem key={v} value={v}>
                          {l}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                if (f.type === 'method') {
                  return (
                    <TextField
                      key={f.name}
                      select
                      label={f.label}
                      {...err}
                      value={values[f.name] == null ? '' : String(values[f.name])}
                      onChange={(e) =>
                        setValues({ ...values, [f.name]: e.target.value ? Number(e.target.value) : null })
                      }
                    >
                      <MenuItem value="">Aucun</MenuItem>
                      {(methods.data ?? []).map((m) => (
                        <MenuItem key={m.id} value={String(m.id)}>
                          {m.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                }
                if (f.type === 'text')
                  return (
                    <TextField
                      key={f.name}
                      label={f.label}
                      {...err}
                      multiline
                      minRows={2}
                      value={values[f.name] ?? ''}
                      onChange={(e) => setValues({ ...values, [f.name]: e.target.value || null })}
                    />
                  );
                return (
                  <TextField
                    key={f.name}
                    label={f.label}
                    {...err}
                    value={text[f.name] ?? ''}
                    onChange={(e) => setText({ ...text, [f.name]: e.target.value })}
                  />
                );
              })}
              {canWrite && (
                <Button variant="contained" onClick={save} sx={{ alignSelf: 'flex-start' }}>
                  Enregistrer
                </Button>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Page>
  );
}

export const ResultPreferences = () => <FinancePreferences section="result" />;
export const FeesPreferences = () => <FinancePreferences section="fees" />;
export const PrintModePreferences = () => <FinancePreferences section="print-mode" />;
export const SalePreferences = () => <FinancePreferences section="sale" />;
