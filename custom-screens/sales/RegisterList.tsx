// /sale-cash-register-list: the active registers, each opening its till.
import { Link } from 'react-router-dom';
import { Alert, Button, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { Page, records } from '../../admin/src/ui';

const activeByLabel = () => records.list('cash-register', { filter: { isActive: true }, sort: ['label', 'ASC'] });

export function RegisterList() {
  const q = useQuery({ queryKey: ['sale-registers'], queryFn: () => activeByLabel() });
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
