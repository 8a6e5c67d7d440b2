// The payment of a ticket: tenders split across kinds (cash with the change to give,
// card, cheque, holiday vouchers, gift voucher by code, credit note), or charged to the
// stay of a guest on site (searched by name, pitch or plate). The server decides; this
// dialog shows what is left to pay and the change with the same arithmetic. By keyboard:
// the amount field has the focus with what is left; Enter adds it, Enter again pays.
// Paper holiday vouchers (a « chèques-vacances papier » method) are counted by
// denomination, as at the desk: the tender's amount is their sum.
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatCents, parseEurosToCents } from '../../common/money';
import { PAYMENT_KIND_LABELS, type TillPaymentKind } from '../../common/sales-totals';
import { rest } from '../../admin/src/ui';
import { answerAs } from '../billing/answer';
import type { TillMethod } from './till/model';

/** A stay of a guest on site, to charge the ticket to (GET /rest/sales/stays-present declares bare objects). */
interface StayPresent {
  id: number;
  code: string | null;
  customerName: string | null;
  places: string | null;
}
import { VoucherTender } from './VoucherTender';
import { vouchersText, type VoucherLine } from '../../common/holiday-vouchers';

export interface Tender {
  kind: TillPaymentKind;
  amount: number;
  giftVoucherCode?: string;
  reference?: string;
  vouchers?: VoucherLine[];
  paymentMethodId?: number;
}

const KINDS: TillPaymentKind[] = ['cash', 'card', 'cheque', 'holiday-voucher', 'gift', 'credit-note', 'stay'];

export function PaymentDialog({
  open,
  total,
  kinds,
  voucherMethods,
  onClose,
  onPay,
}: {
  open: boolean;
  total: number;
  kinds: string[];
  /** the holiday-voucher methods: paper ones are taken by count of each denomination */
  voucherMethods: TillMethod[];
  onClose: () => void;
  onPay: (tenders: Tender[], bookingId: number | null) => Promise<void>;
}) {
  const available = KINDS.filter((k) => k === 'stay' || kinds.includes(k));
  const [tenders, setTenders] = useState<Tender[]>([]);
  const [kind, setKind] = useState<TillPaymentKind>('cash');
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState('');
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [stayQuery, setStayQuery] = useState('');
  const [stays, setStays] = useState<StayPresent[]>([]);
  const [stay, setStay] = useState<StayPresent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setTenders([]);
      setStay(null);
      setError(null);
      setAmount('');
      setCode('');
      setCounts({});
    }
  }, [open]);
  // Paper vouchers are counted; electronic ones (Chèque-Vacances Connect) are an amount on their own method.
  const paperMethod = voucherMethods.find((m) => m.isPaperVoucher);
  const eMethod = voucherMethods.find((m) => !m.isPaperVoucher);
  const [voucherMethodId, setVoucherMethodId] = useState<number | null>(null);
  const chosenVoucher = voucherMethods.find((m) => m.id === voucherMethodId) ?? paperMethod ?? eMethod;
  const counting = kind === 'holiday-voucher' && !!chosenVoucher?.isPaperVoucher;
  const vouchers: VoucherLine[] = Object.entries(counts)
    .filter(([, n]) => /^\d+$/.test(n) && Number(n) > 0)
    .map(([d, n]) => ({ denomination: Number(d), count: Number(n) }));
  const counted = vouchers.reduce((a, v) => a + v.denomination * v.count, 0);
  const other = tenders.filter((t) => t.kind !== 'cash').reduce((a, t) => a + t.amount, 0);
  const cash = tenders.filter((t) => t.kind === 'cash').reduce((a, t) => a + t.amount, 0);
  const left = Math.max(0, total - other - cash);
  const change = Math.max(0, cash - Math.max(0, total - other));
  useEffect(() => {
    setAmount(left ? (left / 100).toFixed(2).replace('.', ',') : '');
  }, [left, open]);

  useEffect(() => {
    if (kind !== 'stay' || stayQuery.trim().length < 2) {
      setStays([]);
      return;
    }
    const id = setTimeout(() => {
      answerAs<StayPresent[]>(rest('get', '/sales/stays-present', { query: { q: stayQuery.trim() } })).then(
        setStays,
        () => setStays([]),
      );
    }, 250);
    return () => clearTimeout(id);
  }, [kind, stayQuery]);

  const add = (k: TillPaymentKind = kind, value = amount) => {
    if (k === 'holiday-voucher' && counting) return addVouchers();
    const cents = parseEurosToCents(value);
    if (!cents || cents <= 0) {
      setError('Montant invalide');
      return;
    }
    if (k === 'gift' && !code.trim()) {
      setError('Indiquez le code du bon cadeau');
      return;
    }
    if (k === 'stay' && !stay) {
      setError('Choisissez le séjour');
      return;
    }
    setError(null);
    setTenders([
      ...tenders,
      {
        kind: k,
        amount: cents,
        ...(k === 'gift' ? { giftVoucherCode: code.trim().toUpperCase() } : {}),
        ...(k === 'holiday-voucher' && chosenVoucher ? { paymentMethodId: chosenVoucher.id } : {}),
      },
    ]);
    setCode('');
  };
  const addVouchers = () => {
    if (!counted) return setError('Indiquez le nombre de chèques-vacances de chaque valeur');
    // No change is given on holiday vouchers: they pay at most what is left.
    if (counted > left)
      return setError(
        `Les chèques-vacances (${formatCents(counted)}) dépassent le reste à payer : pas de monnaie rendue`,
      );
    setError(null);
    setTenders([...tenders, { kind: 'holiday-voucher', amount: counted, vouchers, paymentMethodId: paperMethod!.id }]);
    setCounts({});
  };
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      await onPay(tenders, tenders.some((t) => t.kind === 'stay') ? (stay?.id ?? null) : null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const quick = (k: TillPaymentKind) => () => add(k, (left / 100).toFixed(2).replace('.', ','));

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pay-title">
      <DialogTitle id="pay-title">Encaisser {formatCents(total)}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          {available
            .filter((k) => k !== 'stay' && k !== 'gift' && !(k === 'holiday-voucher' && paperMethod))
            .map((k) => (
              <Button key={k} variant="outlined" onClick={quick(k)} disabled={!left} data-testid={`quick-${k}`}>
                {PAYMENT_KIND_LABELS[k]} : le reste
              </Button>
            ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            select
            label="Nature"
            value={kind}
            onChange={(e) => setKind(e.target.value as TillPaymentKind)}
            size="small"
            sx={{ minWidth: 170 }}
            inputProps={{ 'data-testid': 'tender-kind' }}
          >
            {available.map((k) => (
              <MenuItem key={k} value={k}>
                {PAYMENT_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Montant (€)"
            value={counting ? formatCents(counted, false) : amount}
            disabled={counting}
            onChange={(e) => setAmount(e.target.value)}
            size="small"
            sx={{ width: 130 }}
            inputProps={{ inputMode: 'decimal', 'data-testid': 'tender-amount' }}
            autoFocus
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              if (left === 0 && tenders.length && !busy) pay();
              else add();
            }}
          />
          {kind === 'gift' && (
            <TextField
              label="Code du bon"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              size="small"
              inputProps={{ 'data-testid': 'tender-code' }}
            />
          )}
          <Button variant="contained" onClick={() => add()} data-testid="tender-add">
            Ajouter
          </Button>
        </Box>
        {kind === 'holiday-voucher' && (
          <VoucherTender
            paper={paperMethod}
            electronic={eMethod}
            chosen={chosenVoucher}
            onChoose={setVoucherMethodId}
            counts={counts}
            onCounts={setCounts}
          />
        )}
        {kind === 'stay' && (
          <Box sx={{ mt: 2 }}>
            <TextField
              label="Client présent (nom, emplacement, immatriculation)"
              value={stayQuery}
              onChange={(e) => setStayQuery(e.target.value)}
              size="small"
              fullWidth
            />
            <List dense>
              {stays.map((s) => (
                <ListItemButton key={s.id} selected={stay?.id === s.id} onClick={() => setStay(s)}>
                  <ListItemText
                    primary={`${s.customerName ?? 'Client'} — ${s.places ?? ''}`}
                    secondary={`Séjour ${s.code ?? s.id}`}
                  />
                </ListItemButton>
              ))}
            </List>
          </Box>
        )}
        <List dense aria-label="Règlements">
          {tenders.map((t, i) => (
            <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ flex: 1 }}>
                {PAYMENT_KIND_LABELS[t.kind]}
                {t.giftVoucherCode ? ` ${t.giftVoucherCode}` : ''}
                {t.vouchers ? ` : ${vouchersText(t.vouchers)}` : ''}
                {t.kind === 'stay' && stay ? ` — ${stay.customerName}` : ''}
              </Typography>
              <Typography>{formatCents(t.amount)}</Typography>
              <IconButton
                aria-label="Retirer ce règlement"
                onClick={() => setTenders(tenders.filter((_, j) => j !== i))}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </List>
        <Typography data-testid="pay-left">Reste à payer : {formatCents(left)}</Typography>
        {change > 0 && (
          <Typography variant="h6" data-testid="pay-change">
            Monnaie à rendre : {formatCents(change)}
          </Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button variant="contained" onClick={pay} disabled={busy || left > 0} data-testid="pay-confirm">
          Valider le paiement
        </Button>
      </DialogActions>
    </Dialog>
  );
}
