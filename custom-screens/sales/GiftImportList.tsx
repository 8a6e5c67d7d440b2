// /sale-gift-import-list: the generated list of the vouchers sold on an outside shop,
// with the CSV import above it (référence;article;montant;date;acheteur;bénéficiaire).
// A reference already imported is skipped; each row is then mapped to a gift voucher
// article and integrated from its own screen.
import { useRef, useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useNotify, useRefresh } from 'react-admin';
import { generatedScreen, rest, useCan } from '../../admin/src/ui';

const List = generatedScreen('sale-gift-import', 'List');
import { countFr } from '../../common/french';

export default function GiftImportList() {
  const canWrite = useCan('sale.sale', 'write');
  const input = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  const refresh = useRefresh();
  const [errors, setErrors] = useState<string[]>([]);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setErrors([]);
    try {
      const r = await rest('post', '/sale-gift-import/csv', { body: { csv: await file.text() } });
      notify(
        `${countFr(r.imported ?? 0, 'bon importé', 'bons importés')}` +
          `${r.skipped ? `, ${countFr(r.skipped, 'déjà connu', 'déjà connus')}` : ''}`,
        { type: 'success' },
      );
      setErrors(r.errors ?? []);
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    if (input.current) input.current.value = '';
  };
  return (
    <Box>
      {canWrite && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
          <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
            Importer un fichier CSV de la boutique
          </Button>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            data-testid="gift-csv"
            onChange={(e) => upload(e.target.files?.[0])}
          />
        </Box>
      )}
      {errors.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {errors.join(' ; ')}
        </Alert>
      )}
      <List />
    </Box>
  );
}
