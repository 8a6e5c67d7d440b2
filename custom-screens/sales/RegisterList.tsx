// /sale-cash-register-list: the active registers, each opening its till. The generic entity
// route is not in the OpenAPI document: the read is typed by the generated record.
import { Link } from 'react-router-dom';
import { Alert, Button, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import type { CashRegisterRecord } from '../../common/generated/types';
import { api, Page } from '../../admin/src/ui';

const ACTIVE_BY_LABEL = '/cash-register?filter=%7B%22isActive%22%3Atrue%7D&sort=%5B%22label%22%2C%22ASC%22%5D';

export function RegisterList() {
  const q = useQuery({ queryKey: ['sale-registers'], queryFn: () => api<CashRegisterRecord[]>(ACTIVE_BY_LABEL) });
  if (q.isPending) return <Loading />;
  return (
    <Page title="Caisses">
      {q.error && <Alert severity="error">{q.error.message}</Alert>}
      <Table aria-label="Caisses">
        <TableHead>
          <TableRow>
            <TableCell>Code</TableCell>
            <TableCell>Caisse</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(q.data ?? []).map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.code}</TableCell>
              <TableCell>{r.label}</TableCell>
              <TableCell>
                <Button component={Link} to={`/sale-cash-register/${r.id}`} variant="contained" size="small">
                  Ouvrir l'écran de caisse
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Page>
  );
}
