// /sale-cash-register/{cashRegisterSaleId}: the till of one register. Touch-first:
// article families as tabs, article buttons (colour, price, stock left) in pages of the
// register's « buttons per page » up to its « maximum pages », a running ticket with
// quantities, line discounts and a ticket discount, and a code/barcode field (a code
// typed then Enter adds the article, Enter on the empty field opens the payment).
// « Encaisser » opens the payment; the register's
// window (session) is opened with a float and closed with the Z.
import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Pagination,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify } from 'react-admin';
import { formatCents, parseEurosToCents } from '../../common/money';
import { countFr } from '../../common/french';
import { computeTicket } from '../../common/sales-totals';
import { PaymentDialog, type Tender } from './PaymentDialog';
import { CloseWindowDialog } from './CloseWindowDialog';
import { api, useCan, NotFound, Page, type Row, PrintButton, useIdempotencyKeys } from '../../admin/src/ui';

interface Line {
  articleId: number;
  quantity: number;
  lineDiscount: number;
}

export default function TillScreen() {
  const { cashRegisterSaleId = '' } = useParams();
  const valid = /^\d+$/.test(cashRegisterSaleId);
  const qc = useQueryClient();
  const notify = useNotify();
  // One Idempotency-Key per ticket as sent: « Encaisser » again after a lost answer sells it
  // once; a ticket changed meanwhile is another sale, with its own key.
  const idempotency = useIdempotencyKeys();
  const canWrite = useCan('sale.sale', 'write');
  const q = useQuery({
    queryKey: ['till', cashRegisterSaleId],
    queryFn: () => api<Row>(`/sales/till/${cashRegisterSaleId}`),
    enabled: valid,
  });
  const [family, setFamily] = useState<number | 'all'>('all');
  const [page, setPage] = useState(1);
  const [lines, setLines] = useState<Line[]>([]);
  const [ticketDiscount, setTicketDiscount] = useState('');
  const [code, setCode] = useState('');
  const [paying, setPaying] = useState(false);
  const [closing, setClosing] = useState(false);
  const [float, setFloat] = useState('');
  const [last, setLast] = useState<Row | null>(null);
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const data = q.data;
  const byId = useMemo(() => new Map<number, Row>((data?.articles ?? []).map((a: Row) => [a.id, a])), [data]);

  const ticket = useMemo(() => {
    if (!lines.length) return null;
    try {
      return computeTicket(
        lines.map((l) => {
          const a = byId.get(l.articleId)!;
          return {
            unitPrice: a.price,
            quantity: l.quantity,
            lineDiscount: l.lineDiscount,
            vatRateBp: a.giftType === 'none' ? a.vatRateBp : null,
          };
        }),
        parseEurosToCents(ticketDiscount) ?? 0,
      );
    } catch {
      return null;
    }
  }, [lines, byId, ticketDiscount]);

  if (!valid) return <NotFound />;
  if (q.isPending) return <Loading />;
  if (q.error)
    return (
      <Page title="Caisse">
        <Alert severity="error">{(q.error as Error).message}</Alert>
      </Page>
    );
  const { register, families, articles, window, paymentMethods } = data!;
  const reload = () => qc.invalidateQueries({ queryKey: ['till', cashRegisterSaleId] });

  if (!window) {
    const openWindow = async () => {
      try {
        await api('/sales/window/open', {
          method: 'POST',
          json: { cashRegisterId: register.id, openingFloat: parseEurosToCents(float) ?? 0 },
        });
        notify('Caisse ouverte', { type: 'success' });
        reload();
      } catch (e) {
        setError((e as Error).message);
      }
    };
    return (
      <Page title={`Caisse ${register.label}`}>
        <Paper sx={{ p: 2, maxWidth: 420 }}>
          <Typography sx={{ mb: 2 }}>La caisse est fermée. Saisissez le fond de caisse pour l'ouvrir.</Typography>
          <Stack direction="row" spacing={1}>
            <TextField
              label="Fond de caisse (€)"
              value={float}
              onChange={(e) => setFloat(e.target.value)}
              size="small"
              inputProps={{ inputMode: 'decimal', 'data-testid': 'opening-float' }}
            />
            <Button variant="contained" onClick={openWindow} disabled={!canWrite} data-testid="open-window">
              Ouvrir la caisse
            </Button>
          </Stack>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </Paper>
      </Page>
    );
  }

  const visible = (articles as Row[]).filter((a) => family === 'all' || a.articleFamilyId === family);
  const perPage = register.buttonsPerPage;
  const pages = Math.min(register.maxPages, Math.max(1, Math.ceil(visible.length / perPage)));
  const shown = visible.slice((page - 1) * perPage, page * perPage);
  const inTicket = (id: number) => lines.filter((l) => l.articleId === id).reduce((n, l) => n + l.quantity, 0);

  const addArticle = (a: Row) => {
    setError(null);
    setLast(null);
    const i = lines.findIndex((l) => l.articleId === a.id && a.giftType === 'none');
    if (i >= 0) setLines(lines.map((l, j) => (j === i ? { ...l, quantity: l.quantity + 1 } : l)));
    else setLines([...lines, { articleId: a.id, quantity: 1, lineDiscount: 0 }]);
  };
  const byCode = (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const c = code.trim().toUpperCase();
    // Enter on an empty field takes the payment: a whole sale by keyboard or scanner.
    if (!c) {
      if (ticket && canWrite) setPaying(true);
      return;
    }
    const a = (articles as Row[]).find(
      (x) => x.code.toUpperCase() === c || (x.barcode && x.barcode.toUpperCase() === c),
    );
    if (a) {
      addArticle(a);
      setCode('');
    } else setError(`Article inconnu : ${code}`);
  };
  const setQty = (i: number, d: number) =>
    setLines(
      lines.flatMap((l, j) => (j !== i ? [l] : l.quantity + d <= 0 ? [] : [{ ...l, quantity: l.quantity + d }])),
    );
  const pay = async (tenders: Tender[], bookingId: number | null) => {
    const body = {
      cashRegisterId: register.id,
      lines,
      ticketDiscount: parseEurosToCents(ticketDiscount) ?? 0,
      payments: tenders,
      bookingId,
    };
    const action = JSON.stringify(body);
    const sale = await api<Row>('/sales/sell', {
      method: 'POST',
      headers: { 'Idempotency-Key': idempotency.keyOf(action) },
      json: body,
    });
    idempotency.done(action);
    setPaying(false);
    setLines([]);
    setTicketDiscount('');
    setLast(sale);
    notify(`Ticket ${sale.number} encaissé`, { type: 'success' });
    reload();
    codeRef.current?.focus();
  };

  return (
    <Page
      title={`Caisse ${register.label}`}
      actions={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {register.sellsBracelets && <Chip label={`Bracelets : ${data!.braceletCount}`} data-testid="bracelets" />}
          <Button
            variant="outlined"
            color="warning"
            onClick={() => setClosing(true)}
            disabled={!canWrite}
            data-testid="close-window"
          >
            Fermer la caisse
          </Button>
        </Box>
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Tabs
            value={family}
            onChange={(_, v) => {
              setFamily(v);
              setPage(1);
            }}
            variant="scrollable"
            scrollButtons="auto"
            aria-label="Familles d'articles"
          >
            <Tab value="all" label="Tout" />
            {(families as Row[]).map((f) => (
              <Tab key={f.id} value={f.id} label={f.label} sx={{ borderBottom: `3px solid ${f.color}` }} />
            ))}
          </Tabs>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1, mt: 1 }}>
            {shown.map((a) => {
              const left = a.isStockTracked ? a.stock - inTicket(a.id) : null;
              return (
                <Button
                  key={a.id}
                  variant="contained"
                  onClick={() => addArticle(a)}
                  disabled={!canWrite || (left != null && left <= 0)}
                  sx={{ minHeight: 72, flexDirection: 'column', textTransform: 'none', bgcolor: a.color ?? undefined }}
                  data-testid={`article-${a.code}`}
                >
                  <span>{a.label}</span>
                  <strong>{formatCents(a.price)}</strong>
                  {left != null && <small>{countFr(left, 'en stock', 'en stock')}</small>}
                </Button>
              );
            })}
          </Box>
          {pages > 1 && <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} sx={{ mt: 1 }} />}
          <TextField
            inputRef={codeRef}
            label="Code ou code-barres puis Entrée (Entrée seule : encaisser)"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={byCode}
            size="small"
            sx={{ mt: 2 }}
            fullWidth
            inputProps={{ 'data-testid': 'article-code' }}
            autoFocus
          />
        </Box>
        <Paper sx={{ p: 2 }} aria-label="Ticket en cours">
          <Typography variant="h6">Ticket en cours</Typography>
          {!lines.length && <Typography color="text.secondary">Aucun article</Typography>}
          {lines.map((l, i) => {
            const a = byId.get(l.articleId)!;
            return (
              <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }} data-testid="ticket-line">
                <Typography sx={{ flex: 1 }}>{a.label}</Typography>
                <IconButton size="small" aria-label={`Retirer un ${a.label}`} onClick={() => setQty(i, -1)}>
                  <RemoveIcon fontSize="small" />
                </IconButton>
                <Typography>{l.quantity}</Typography>
                <IconButton
                  size="small"
                  aria-label={`Ajouter un ${a.label}`}
                  onClick={() => setQty(i, 1)}
                  disabled={a.giftType !== 'none'}
                >
                  <AddIcon fontSize="small" />
                </IconButton>
                <TextField
                  size="small"
                  label="Remise"
                  sx={{ width: 90 }}
                  value={l.lineDiscount ? (l.lineDiscount / 100).toFixed(2).replace('.', ',') : ''}
                  onChange={(e) =>
                    setLines(
                      lines.map((x, j) =>
                        j === i ? { ...x, lineDiscount: parseEurosToCents(e.target.value) ?? 0 } : x,
                      ),
                    )
                  }
                  inputProps={{ inputMode: 'decimal' }}
                />
                <Typography sx={{ width: 80, textAlign: 'right' }}>
                  {ticket ? formatCents(ticket.lines[i].amountInclVat) : '—'}
                </Typography>
              </Box>
            );
          })}
          <TextField
            size="small"
            label="Remise sur le ticket (€)"
            value={ticketDiscount}
            onChange={(e) => setTicketDiscount(e.target.value)}
            sx={{ mt: 1 }}
            inputProps={{ inputMode: 'decimal' }}
          />
          <Typography variant="h5" sx={{ mt: 2 }} data-testid="ticket-total">
            Total : {formatCents(ticket?.totalInclVat ?? 0)}
          </Typography>
          {lines.length > 0 && !ticket && <Alert severity="warning">Remise supérieure au montant</Alert>}
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button
              variant="contained"
              size="large"
              disabled={!ticket || !canWrite}
              onClick={() => setPaying(true)}
              data-testid="encaisser"
            >
              Encaisser
            </Button>
            <Button
              onClick={() => {
                setLines([]);
                setTicketDiscount('');
              }}
              disabled={!lines.length}
            >
              Vider le ticket
            </Button>
          </Stack>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
          {last && (
            <Alert severity="success" sx={{ mt: 2 }} data-testid="last-ticket">
              Ticket {last.number} : {formatCents(last.totalInclVat)}
              {last.changeGiven ? `, monnaie rendue ${formatCents(last.changeGiven)}` : ''}.{' '}
              <PrintButton path={`/sales/document/${last.id}`} variant="text" size="small" testId="ticket-print">
                Imprimer le ticket
              </PrintButton>
            </Alert>
          )}
        </Paper>
      </Box>
      <PaymentDialog
        open={paying}
        total={ticket?.totalInclVat ?? 0}
        kinds={(paymentMethods as Row[]).map((m) => m.kind)}
        voucherMethods={(paymentMethods as Row[]).filter((m) => m.kind === 'holiday-voucher')}
        onClose={() => setPaying(false)}
        onPay={pay}
      />
      <CloseWindowDialog open={closing} windowId={window.id} onClose={() => setClosing(false)} onClosed={reload} />
    </Page>
  );
}
