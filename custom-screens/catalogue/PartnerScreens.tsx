// /partner/{page}/{partnerId}: a partner in pages — its details (the generated
// form), its allotments and its commission periods, the special lists by partner
// of §7 (docs/api.md) (GET partner-allotment/partner/{id}, partner-commission-period/partner/{id}),
// each row opening its own screen, "Nouveau" creating one for this partner.
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Box, Button, Paper, Tab, Tabs } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { meta as partnerMeta } from '../../common/generated/meta/partner';
import { records, useCan, RequireRight, DataTable, dateFr, generatedScreen } from '../../admin/src/ui';

const PartnerForm = generatedScreen('partner', 'Edit');

const rate = (bp: number | null | undefined) =>
  bp == null ? '' : `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;

function Allotments({ partnerId }: { partnerId: number }) {
  const navigate = useNavigate();
  const canWrite = useCan('customer.partner', 'write');
  const rows = useQuery({
    queryKey: ['partner-allotments', partnerId],
    queryFn: () => records.byParent('partner-allotment', 'partner', partnerId),
  });
  const placeIds = [...new Set((rows.data ?? []).map((r) => r.placeId))];
  const places = useQuery({
    queryKey: ['places-by-id', placeIds],
    queryFn: () => records.list('place', { filter: { id: placeIds }, range: [0, placeIds.length - 1] }),
    enabled: placeIds.length > 0,
  });
  return (
    <Box sx={{ p: 2 }}>
      {canWrite && (
        <Button component={Link} to={`/partner-allotment/${partnerId}/0`} startIcon={<AddIcon />} sx={{ mb: 1 }}>
          Nouvel allotement
        </Button>
      )}
      <DataTable
        name={`partner-allotments-${partnerId}`}
        loading={rows.isFetching}
        rows={rows.data}
        empty={rows.error ? (rows.error as Error).message : 'Aucun allotement'}
        onOpen={(r) => navigate(`/partner-allotment/${partnerId}/${r.id}`)}
        columns={[
          {
            key: 'placeId',
            label: 'Emplacement',
            render: (r) => places.data?.find((p) => p.id === r.placeId)?.code ?? '',
          },
          { key: 'startDate', label: 'Du', render: (r) => dateFr(r.startDate) },
          { key: 'endDate', label: 'Au (exclu)', render: (r) => dateFr(r.endDate) },
          { key: 'releaseDate', label: 'Rétrocession le', render: (r) => dateFr(r.releaseDate) },
          { key: 'notes', label: 'Remarques' },
        ]}
      />
    </Box>
  );
}

function CommissionPeriods({ partnerId }: { partnerId: number }) {
  const navigate = useNavigate();
  const canWrite = useCan('customer.partner', 'write');
  const rows = useQuery({
    queryKey: ['partner-commission-periods', partnerId],
    queryFn: () => records.byParent('partner-commission-period', 'partner', partnerId),
  });
  return (
    <Box sx={{ p: 2 }}>
      {canWrite && (
        <Button
          component={Link}
          to={`/partner-commission-period/${partnerId}/0`}
          startIcon={<AddIcon />}
          sx={{ mb: 1 }}
        >
          Nouvelle période de commission
        </Button>
      )}
      <DataTable
        name={`partner-commission-periods-${partnerId}`}
        loading={rows.isFetching}
        rows={rows.data}
        empty={rows.error ? (rows.error as Error).message : 'Aucune période de commission'}
        onOpen={(r) => navigate(`/partner-commission-period/${partnerId}/${r.id}`)}
        columns={[
          { key: 'startDate', label: 'Du', render: (r) => dateFr(r.startDate) },
          { key: 'endDate', label: 'Au (exclu)', render: (r) => dateFr(r.endDate) },
          { key: 'commissionRate', label: 'Taux de commission', align: 'right', render: (r) => rate(r.commissionRate) },
        ]}
      />
    </Box>
  );
}

const PAGES = ['general', 'allotments', 'commissions'];

export function PartnerEdit() {
  const { page = 'general', partnerId = '' } = useParams();
  const navigate = useNavigate();
  const id = /^\d+$/.test(partnerId) ? Number(partnerId) : 0;
  const current = PAGES.includes(page) && id > 0 ? page : 'general';
  return (
    <RequireRight functionality={partnerMeta.functionality}>
      <Box>
        {id > 0 && (
          <Paper sx={{ mx: 2, mt: 1 }}>
            <Tabs value={current} onChange={(_e, v) => navigate(`/partner/${v}/${partnerId}`)}>
              <Tab value="general" label="Partenaire" />
              <Tab value="allotments" label="Allotements" />
              <Tab value="commissions" label="Périodes de commission" />
            </Tabs>
          </Paper>
        )}
        {current === 'allotments' ? (
          <Allotments partnerId={id} />
        ) : current === 'commissions' ? (
          <CommissionPeriods partnerId={id} />
        ) : (
          <PartnerForm />
        )}
      </Box>
    </RequireRight>
  );
}
