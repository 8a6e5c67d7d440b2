// /customer-list: the customers (search from 3 characters) and their export in batches of 5000.
import { useState } from 'react';
import { Box, Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { ReferenceField, TextField as RaTextField, useNotify } from 'react-admin';
import { meta } from '../../common/generated/meta/customer';
import { countFr } from '../../common/french';
import { useCan, EntityList } from '../../admin/src/ui';
import { exportCustomers } from './customerExport';

export function CustomerList() {
  const notify = useNotify();
  const canExport = useCan('customer.customer', 'export');
  const [busy, setBusy] = useState<number | null>(null);
  const run = async () => {
    setBusy(0);
    try {
      const n = await exportCustomers({}, setBusy);
      notify(countFr(n, 'client exporté', 'clients exportés'), { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box>
      {canExport && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pt: 1 }}>
          <Button size="small" startIcon={<DownloadIcon />} onClick={run} disabled={busy !== null}>
            {busy === null ? 'Exporter tous les clients (lots de 5000)' : `Export en cours… ${busy}`}
          </Button>
        </Box>
      )}
      <EntityList meta={meta}>
        <RaTextField source="code" label="Code client" />
        <RaTextField source="lastName" label="Nom" />
        <RaTextField source="firstName" label="Prénom" />
        <RaTextField source="postalCode" label="Code postal" />
        <RaTextField source="town" label="Ville" />
        <ReferenceField source="countryId" label="Pays" reference="country" link={false} />
        <RaTextField source="phone1" label="Téléphone" />
        <RaTextField source="email" label="E-mail" />
      </EntityList>
    </Box>
  );
}
