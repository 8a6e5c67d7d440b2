// The booking screen's price: the booking's totals as the server stored them (total,
// tourist tax, arrhes or acompte with its due date, balance with its due date), each
// occupancy's breakdown and warnings, and — with the write right — its manual prices
// (changed or removed, previewed by the server first) and "Recalculer le prix".
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import { useNotify } from 'react-admin';
import { formatCents } from '../../common/money';
import {
  ManualChip,
  ManualPrices,
  PaymentSchedule,
  PriceWarnings,
  QuoteTable,
  type PriceOverride,
  type StoredPrice,
} from './PriceBreakdown';
import { AskDialog, dateFr, records, type Row, rest, type RestAnswer } from '../../admin/src/ui';

function ManualPriceDialog({
  o,
  open,
  onClose,
  onSaved,
}: {
  o: Row;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [overrides, setOverrides] = useState<PriceOverride[]>(o.priceOverrides ?? []);
  const [preview, setPreview] = useState<StoredPrice | null>(o.pricedQuote ?? null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setOverrides(o.priceOverrides ?? []);
      setPreview(o.pricedQuote ?? null);
      setError(null);
    }
  }, [open, o]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    rest('post', '/occupancy/{id}/quote', { path: { id: o.id }, body: { occupancy: { priceOverrides: overrides } } })
      .then((p) => {
        if (live) setPreview(p);
      })
      .catch((e) => {
        if (live) setError(e.message);
      });
    return () => {
      live = false;
    };
  }, [open, overrides, o.id]);
  const save = async () => {
    try {
      await records.update('occupancy', o.id, { priceOverrides: overrides });
      onSaved();
      onClose();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const q = preview?.quote;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Prix de l’occupation {o.placeCode ?? ''}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {q ? (
            <ManualPrices quote={q} overrides={overrides} onChange={setOverrides} />
          ) : (
            <Alert severity="warning">{preview?.error?.message ?? 'Prix non calculé'}</Alert>
          )}
          {q && <PriceWarnings warnings={q.warnings} />}
          {q && (
            <Typography>
              Nouveau prix : <strong data-testid="manual-preview-total">{formatCents(q.total)}</strong>
            </Typography>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button variant="contained" onClick={save} disabled={!q}>
          Enregistrer le prix
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function OccupancyPrice({ o, canWrite, onChanged }: { o: Row; canWrite: boolean; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const p = o.pricedQuote as StoredPrice | null;
  const manual = (o.priceOverrides ?? []).length > 0;
  return (
    <Box data-testid={`price-${o.id}`}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>
          {o.placeCode ?? 'À attribuer'} · {dateFr(o.startDate)} → {dateFr(o.endDate)} :{' '}
          <strong data-testid={`occupancy-amount-${o.id}`}>
            {o.amount == null ? 'prix non calculé' : formatCents(o.amount)}
          </strong>
        </Typography>
        {o.isManualPrice && <ManualChip />}
        {canWrite && p?.quote && (
          <Button size="small" onClick={() => setEditing(true)}>
            {manual ? 'Modifier le prix manuel' : 'Modifier le prix'}
          </Button>
        )}
        {canWrite && manual && (
          <Button size="small" color="warning" onClick={() => setRemoving(true)}>
            Retirer le prix manuel
          </Button>
        )}
      </Stack>
      {!p && <Alert severity="info">Prix non calculé : « Recalculer le prix » le calcule.</Alert>}
      {p?.error && <Alert severity="warning">Impossible de calculer le prix : {p.error.message}</Alert>}
      {p?.quote && (
        <Stack spacing={1}>
          <PriceWarnings warnings={p.quote.warnings} />
          <QuoteTable quote={p.quote} testId={`occupancy-total-${o.id}`} />
          <Typography variant="body2" color="text.secondary">
            Tarif du {dateFr(p.quoteDate)}
            {o.priceGridVersion ? `, grille version ${o.priceGridVersion}` : ''}
            {p.withBookingFees ? '' : ' · frais de dossier portés par une autre occupation du séjour'}
          </Typography>
        </Stack>
      )}
      <ManualPriceDialog o={o} open={editing} onClose={() => setEditing(false)} onSaved={onChanged} />
      <AskDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title="Retirer le prix manuel ?"
        text="L’occupation reprend le prix de la grille."
        onConfirm={async () => {
          await records.update('occupancy', o.id, { priceOverrides: [] });
          onChanged();
        }}
      />
    </Box>
  );
}

export function BookingPrice({
  b,
  occupancies,
  canWrite,
  modifiable,
  onChanged,
  onSummary,
}: {
  b: Row;
  occupancies: Row[];
  canWrite: boolean;
  modifiable: boolean;
  onChanged: () => void;
  onSummary: (s: RestAnswer<'/booking/{id}/reprice', 'post'>) => void;
}) {
  const notify = useNotify();
  const [asking, setAsking] = useState<null | 'agreed' | 'current'>(null);
  const active = occupancies.filter((o) => !o.isCancelled);
  // A stay recorded before prices were stored (imported history, demo data): its amount, not computed here.
  const priced = active.some((o) => o.pricedQuote?.quote);
  const reprice = async (atCurrentPrices: boolean) => {
    const s = await rest('post', '/booking/{id}/reprice', { path: { id: b.id }, body: { atCurrentPrices } });
    onSummary(s);
    notify('Prix recalculé', { type: 'success' });
  };
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            Prix
          </Typography>
          {b.isManualPrice && <ManualChip />}
          {canWrite && modifiable && active.length > 0 && (
            <>
              <Button size="small" onClick={() => setAsking('agreed')}>
                Recalculer le prix
              </Button>
              <Button size="small" onClick={() => setAsking('current')}>
                Recalculer aux tarifs du jour
              </Button>
            </>
          )}
        </Stack>
        {b.totalAmount == null ? (
          <Typography color="text.secondary">Prix non calculé</Typography>
        ) : !priced ? (
          <Typography>
            Montant enregistré : <strong>{formatCents(b.totalAmount)}</strong> — il n’a pas été calculé par la
            tarification : « Recalculer le prix » le calcule.
          </Typography>
        ) : (
          <PaymentSchedule
            total={b.totalAmount}
            down={
              b.downPaymentKind === 'none' && b.downPaymentAmount == null
                ? null
                : { kind: b.downPaymentKind, amount: b.downPaymentAmount, dueDate: b.downPaymentDueDate }
            }
            balance={{ amount: b.balanceAmount, dueDate: b.balanceDueDate }}
          />
        )}
        {b.touristTaxAmount != null && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            Dont taxe de séjour : {formatCents(b.touristTaxAmount)}
          </Typography>
        )}
        {active.map((o) => (
          <Box key={o.id} sx={{ mt: 2 }}>
            <Divider sx={{ mb: 1 }} />
            <OccupancyPrice o={o} canWrite={canWrite && modifiable} onChanged={onChanged} />
          </Box>
        ))}
        <AskDialog
          open={asking !== null}
          onClose={() => setAsking(null)}
          title={asking === 'current' ? 'Recalculer aux tarifs du jour ?' : 'Recalculer le prix ?'}
          text={
            asking === 'current'
              ? 'Le séjour est tarifé avec la grille actuelle, les offres et les échéances du jour. Les prix ' +
                'manuels restent.'
              : 'Le séjour est tarifé aux conditions convenues (date du tarif et version de la grille). Les prix ' +
                'manuels restent.'
          }
          onConfirm={() => reprice(asking === 'current')}
        />
      </CardContent>
    </Card>
  );
}
