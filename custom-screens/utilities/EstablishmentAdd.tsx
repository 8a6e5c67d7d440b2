// /establishment/establishment/add (§7 (docs/api.md) « add an establishment »). Bivouac is one
// establishment per installation by design: the fiscal ledger and its anchor, the bill
// and till numbering, the signing key and DATA_DIR are the installation's, and every
// closure covers that one establishment. The screen therefore shows what the spec's call
// answers — a new establishment with the company data shared by the group's
// establishments — and says how to open a second one: a second installation.
import { Alert, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Page, useCan, rest, type RestAnswer } from '../../admin/src/ui';

const FIELDS: [Exclude<keyof RestAnswer<'/establishment/establishment/add', 'get'>, 'id'>, string][] = [
  ['corporateName', 'Raison sociale'],
  ['siren', 'SIREN'],
  ['currency', 'Devise'],
];

export default function EstablishmentAdd() {
  // The spec's call needs the write right on the company data.
  const canWrite = useCan('establishment.company', 'write');
  const current = useQuery({
    queryKey: ['establishment-edit'],
    queryFn: () => rest('get', '/establishment/establishment/edit'),
  });
  const q = useQuery({
    queryKey: ['establishment-add', current.data?.id],
    queryFn: () => rest('get', '/establishment/establishment/add', { query: { reference: current.data!.id } }),
    enabled: !!current.data && canWrite,
  });
  return (
    <Page title="Ajouter un établissement">
      <Alert severity="info" sx={{ mb: 2 }}>
        Une installation de Bivouac gère un seul établissement : le journal fiscal inaltérable, son ancre, la
        numérotation des factures et des tickets et les clôtures sont ceux de l’établissement. Pour un deuxième
        établissement du groupe, installez une seconde instance (sa propre base et son propre répertoire de données) ;
        elle reprendra les données de la société ci-dessous.
      </Alert>
      <Table size="small" sx={{ maxWidth: 600 }}>
        <TableBody>
          {FIELDS.map(([key, label]) => (
            <TableRow key={key}>
              <TableCell component="th">{label}</TableCell>
              <TableCell>{q.data ? (q.data[key] ?? '—') : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Page>
  );
}
