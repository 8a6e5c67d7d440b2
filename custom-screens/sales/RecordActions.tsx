// Extra buttons of the generated sales screens (admin/src/formActions.ts):
// - /sale-gift-import/{id}: « Intégrer le bon cadeau » (the server refuses while the
//   shop's article is not mapped: « Article bon cadeau non paramétré »);
// - /gift-voucher/{id}: the voucher to hand over, as a PDF;
// - /article/{id}: a delivery or an inventory adjustment of a stock-tracked article
//   (the stock itself is read-only: only movements change it).
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
// Leaf modules, not the ui barrel: the generated forms load these buttons (admin/src/formActions.ts).
import { rest, useCan } from '../../admin/src/ui/client';

function useRun() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<string>) => {
    setBusy(true);
    try {
      notify(await fn(), { type: 'success' });
      refresh();
    } catch (err) {
      const e = err as Error & { status?: number };
      if (e.status !== 401) notify(e.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export function GiftImportIntegrate() {
  const record = useRecordContext();
  const canWrite = useCan('sale.sale', 'write');
  const { busy, run } = useRun();
  if (!record || record.giftVoucherId || !canWrite) return null;
  const integrate = () =>
    run(async () => {
      await rest('post', '/sale-gift-import/{saleGiftImportId}/integrate', {
        path: { saleGiftImportId: Number(record.id) },
      });
      return 'Bon cadeau intégré';
    });
  return (
    <Button variant="outlined" disabled={busy} onClick={integrate} data-testid="integrate-gift">
      Intégrer le bon cadeau
    </Button>
  );
}

export function GiftVoucherPrint() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button variant="outlined" href={`/rest/gift-voucher/document/${record.id}`} target="_blank" rel="noopener">
      Imprimer le bon
    </Button>
  );
}

export function ArticleStock() {
  const record = useRecordContext();
  const canWrite = useCan('sale.sale', 'write');
  const { busy, run } = useRun();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'delivery' | 'adjustment'>('delivery');
  const [quantity, setQuantity] = useState('');
  if (!record || !record.isStockTracked || !canWrite) return null;
  const n = Number(quantity);
  const valid = Number.isInteger(n) && n !== 0 && (kind === 'adjustment' || n > 0) && quantity.trim() !== '';
  const save = () =>
    run(async () => {
      const moved = rest('post', '/article/{articleId}/stock-movement', {
        path: { articleId: Number(record.id) },
        body: { kind, quantity: n },
      });
      const r = await moved;
      setOpen(false);
      setQuantity('');
      return `Stock de « ${record.label} » : ${r.stock}`;
    });
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="stock-movement">
        Mouvement de stock
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="stock-title">
        <DialogTitle id="stock-title">
          Stock de « {record.label} » : {record.stock}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', gap: 2, pt: '8px !important' }}>
          <TextField
            select
            label="Mouvement"
            value={kind}
            onChange={(e) => setKind(e.target.value as 'delivery' | 'adjustment')}
            size="small"
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="delivery">Livraison (+)</MenuItem>
            <MenuItem value="adjustment">Ajustement d'inventaire (±)</MenuItem>
          </TextField>
          <TextField
            label="Quantité"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            size="small"
            inputProps={{ inputMode: 'numeric' }}
            autoFocus
            onKeyDown={(e) => {
              if (e.key === 'Enter' && valid) {
                e.preventDefault();
                save();
              }
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Annuler</Button>
          <Button variant="contained" disabled={!valid || busy} onClick={save}>
            Enregistrer
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
