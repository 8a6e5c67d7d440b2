// /post-history: the append-only history of every create, update and delete
// (who, when, which record), and /post-history/{id} with what changed as a table
// (field labels from the entity's metadata, values formatted the French way).
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { FunctionField, Loading, TextField, Title, useGetOne, type RaRecord } from 'react-admin';
import { ENTITY_METAS } from '../../../../common/generated/meta/index';
import { meta } from '../../../../common/generated/meta/post-history';
import type { FieldMeta } from '../../../../common/entity-meta';
import { formatCents, formatRate } from '../../../../common/money';
import { formatDateFr } from '../../../../common/dates';
import { DateTimeFr, EntityList, EnumField, useFunctionKeys } from '../../ui';
import { useNavigate } from 'react-router-dom';
import { routeExists } from '../../layout/routeExists';

const ACTIONS = [
  { id: 'create', name: 'Création' },
  { id: 'update', name: 'Modification' },
  { id: 'delete', name: 'Suppression' },
  { id: 'action', name: 'Action' },
];
const ACTION_COLORS: Record<string, 'success' | 'info' | 'error' | 'default'> = {
  create: 'success',
  update: 'info',
  delete: 'error',
  action: 'default',
};
const metas = new Map(ENTITY_METAS.map((m) => [m.name, m]));
const dateTimeFr = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Paris',
});

export function HistoryList() {
  return (
    <EntityList meta={meta}>
      <DateTimeFr source="createdAt" label="Date" />
      <TextField source="userName" label="Utilisateur" />
      <TextField source="entityLabel" label="Type d'élément" />
      <TextField source="recordLabel" label="Élément" />
      <EnumField source="action" label="Action" choices={ACTIONS} />
      <FunctionField
        label="Changements"
        render={(r: RaRecord) => {
          const n = r?.changes ? Object.keys(r.changes).length : 0;
          return r?.detail ?? (n ? `${n} champ${n > 1 ? 's' : ''}` : '');
        }}
      />
    </EntityList>
  );
}

/** A stored value as the user reads it. */
export function formatValue(f: FieldMeta | undefined, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (!f) return typeof v === 'object' ? JSON.stringify(v) : String(v);
  switch (f.kind) {
    case 'boolean':
      return v ? 'Oui' : 'Non';
    case 'money':
      return typeof v === 'number' ? formatCents(v) : String(v);
    case 'rate':
      return typeof v === 'number' ? `${formatRate(v)} %` : String(v);
    case 'date':
      return formatDateFr(String(v));
    case 'datetime':
      return dateTimeFr.format(new Date(String(v)));
    case 'enum':
      return f.enumLabels?.[String(v)] ?? String(v);
    case 'json':
      return JSON.stringify(v);
    default:
      return String(v);
  }
}

export function ChangesTable({ entity, changes }: { entity: string; changes: Record<string, [unknown, unknown]> }) {
  const m = metas.get(entity);
  const rows = Object.entries(changes);
  if (!rows.length) return <Typography color="text.secondary">Aucun champ modifié.</Typography>;
  return (
    <Table size="small" aria-label="Changements">
      <TableHead>
        <TableRow>
          <TableCell>Champ</TableCell>
          <TableCell>Avant</TableCell>
          <TableCell>Après</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([name, [before, after]]) => {
          const f = m?.fields.find((x) => x.name === name);
          return (
            <TableRow key={name}>
              <TableCell>{f?.label ?? name}</TableCell>
              <TableCell sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap' }}>
                {f?.kind === 'ref' && before !== null ? `n° ${before}` : formatValue(f, before)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>
                {f?.kind === 'ref' && after !== null ? `n° ${after}` : formatValue(f, after)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The edit screen of a record when its route needs nothing but the id (and a page or tab). */
function recordPath(routes: { edit: string; idParam: string }, id: number): string | null {
  const params = (routes.edit.match(/:(\w+)/g) ?? []).map((p) => p.slice(1));
  if (!params.every((p) => p === routes.idParam || p === 'page' || p === 'tab')) return null;
  const path = routes.edit.replace(/:(\w+)/g, (_m, p: string) => (p === routes.idParam ? String(id) : 'general'));
  return routeExists(path) ? path : null;
}

export function HistoryShow() {
  const { postHistoryId } = useParams();
  const navigate = useNavigate();
  const id = Number(postHistoryId);
  const { data, isPending, error } = useGetOne('post-history', { id }, { enabled: id > 0 });
  useFunctionKeys({ Escape: () => navigate('/post-history') });
  const target = data ? metas.get(data.entity) : undefined;
  const targetPath = data && target && data.action !== 'delete' ? recordPath(target.routes, data.recordId) : null;
  return (
    <Box sx={{ p: 2, maxWidth: 960 }}>
      <Title title="Historique" />
      <Button component={RouterLink} to="/post-history" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Retour
      </Button>
      {isPending ? (
        <Loading />
      ) : error || !data ? (
        <Typography>Élément introuvable</Typography>
      ) : (
        <Card>
          <CardContent>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
              <Chip
                label={ACTIONS.find((a) => a.id === data.action)?.name ?? data.action}
                color={ACTION_COLORS[data.action] ?? 'default'}
                size="small"
              />
              <Typography variant="h6" component="h1">
                {data.entityLabel} « {data.recordLabel ?? `n° ${data.recordId}`} »
              </Typography>
            </Stack>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {dateTimeFr.format(new Date(data.createdAt))} — {data.userName ?? 'Système'}
              {targetPath && (
                <>
                  {' '}
                  —{' '}
                  <Link component={RouterLink} to={targetPath}>
                    ouvrir l'élément
                  </Link>
                </>
              )}
            </Typography>
            {data.detail && <Typography sx={{ mb: 2 }}>{data.detail}</Typography>}
            {data.changes && <ChangesTable entity={data.entity} changes={data.changes} />}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
