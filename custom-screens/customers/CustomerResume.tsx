// /customer-resume?customerId=: everything one customer has — identity, stays with
// their places and statuses, and every other kind of row naming the customer
// (attendants, animals, vehicles; bills and payments once those modules exist).
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { CustomerPicker, type CustomerOption } from './CustomerPicker';
import { rest, DataTable, Page, dateFr, euros, phoneFr, type Row } from '../../admin/src/ui';
import { StatusChip, kindLabel } from '../bookings/status';

const cell = (v: unknown) =>
  v === null || v === undefined
    ? ''
    : typeof v === 'boolean'
      ? v
        ? 'oui'
        : 'non'
      : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)
        ? dateFr(v)
        : String(v);

export default function CustomerResume() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(search.get('customerId') ?? 0);
  const resume = useQuery({
    queryKey: ['customer-resume', id],
    queryFn: () => rest('get', '/customer/{id}/resume', { path: { id } }),
    enabled: id > 0,
  });
  const c = resume.data?.customer;
  const picked: CustomerOption | null = c
    ? { id: c.id, code: c.code, lastName: c.lastName, firstName: c.firstName, town: c.town }
    : null;
  return (
    <Page title="Fiche récapitulative client">
      <Box sx={{ mb: 2 }}>
        <CustomerPicker value={picked} onChange={(x) => setSearch(x ? { customerId: String(x.id) } : {})} />
      </Box>
      {resume.error && <Alert severity="error">{(resume.error as Error).message}</Alert>}
      {c && (
        <>
          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="h6">
                {c.lastName} {c.firstName ?? ''} ({c.code})
              </Typography>
              <Typography variant="body2">
                {[c.address1, c.address2, `${c.postalCode ?? ''} ${c.town ?? ''}`.trim()].filter(Boolean).join(', ')}
              </Typography>
              <Typography variant="body2">
                {[phoneFr(c.phone1), phoneFr(c.phone2), c.email].filter(Boolean).join(' · ')}
              </Typography>
              {c.birthDate && (
                <Typography variant="body2">
                  Né(e) le {dateFr(c.birthDate)}
                  {c.birthPlace ? ` à ${c.birthPlace}` : ''}
                </Typography>
              )}
            </CardContent>
          </Card>
          <Typography variant="h6" sx={{ mb: 1 }}>
            Séjours ({resume.data!.stays.length})
          </Typography>
          <DataTable
            name="resume-stays"
            rows={resume.data!.stays}
            onOpen={(r) => navigate(`/booking/${r.id}`)}
            empty="Aucun séjour"
            columns={[
              { key: 'code', label: 'Numéro' },
              { key: 'kind', label: 'Nature', render: (r) => kindLabel(r.kind) },
              {
                key: 'statusId',
                label: 'Statut',
                render: (r) => <StatusChip statusId={r.statusId} cancellation={r.cancellation} />,
              },
              { key: 'places', label: 'Emplacements' },
              { key: 'startDate', label: 'Arrivée', render: (r) => dateFr(r.startDate) },
              { key: 'endDate', label: 'Départ', render: (r) => dateFr(r.endDate) },
              { key: 'persons', label: 'Pers.', align: 'right' },
              { key: 'totalAmount', label: 'Montant', align: 'right', render: (r) => euros(r.totalAmount) },
            ]}
          />
          {resume
            .data!.sections.filter((s) => s.total > 0)
            .map((s) => (
              <Box key={s.entity} sx={{ mt: 2 }}>
                <Typography variant="h6" sx={{ mb: 1 }}>
                  {s.label} ({s.total})
                </Typography>
                <DataTable
                  name={`resume-${s.entity}`}
                  rows={s.rows}
                  columns={s.columns.map((col) => ({
                    key: col.field,
                    label: col.label,
                    render: (r: Row) => cell(r[`${col.field}Label`] ?? r[col.field]),
                  }))}
                />
              </Box>
            ))}
        </>
      )}
    </Page>
  );
}
