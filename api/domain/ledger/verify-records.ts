// The verifier's second half: the books against the chain. Every bill and credit note,
// bill line, payment and till ticket (with its lines and payments) is compared with the
// entry that signed it; each difference is a break naming the record (its number, or
// the payment's id): a record without an entry, an entry whose record is gone, a total,
// date, method or line changed around the application. The chain itself (hashes,
// signatures, continuity) is verify.ts's; this trusts the entry's body as signed there.
import type { Knex } from 'knex';
import { canonicalJson } from './canonical';
import { billLinesDigest, saleLinesDigest } from './digest';
import { vatOfBill } from './entries';
import type { LedgerBreak } from './breaks';
import type { SignedBySource } from './verify-state';
import { formatCents } from '../../../common/money';

import type {
  BillLineRecord,
  BillRecord,
  PaymentRecord,
  SaleLineRecord,
  SalePaymentRecord,
  SaleRecord,
} from '../../../common/generated/types';

/** A signed entry's data as parsed: what the verifier compares (a field may be missing, or anything). */
interface SignedData {
  number?: unknown;
  inclVat?: unknown;
  exclVat?: unknown;
  vatTotal?: unknown;
  customerId?: unknown;
  bookingId?: unknown;
  billId?: unknown;
  vat?: unknown;
  payments?: unknown;
  lines?: unknown;
  lineCount?: unknown;
  method?: { id?: unknown } | null;
}
function groupBy<T extends object>(rows: T[], key: keyof T & string): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const k = Number(r[key]);
    if (!out.has(k)) out.set(k, []);
    out.get(k)!.push(r);
  }
  return out;
}

const money = (cents: unknown) => formatCents(Number(cents));
const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** `signed`: the chain's last entry of each record, as the walk parsed it (verify-walk.ts). */
export async function verifyRecords(knex: Knex, signed: SignedBySource, add: (b: LedgerBreak) => void): Promise<void> {
  const record = (seq: number, name: string, reason: string) =>
    add({ seq, kind: 'record', record: name, reason: `${name} : ${reason}` });
  const missing = (name: string) =>
    add({ seq: 0, kind: 'missing', record: name, reason: `${name} : aucune écriture au journal` });

  // Bills and credit notes, with their lines.
  const bills: BillRecord[] = await knex('bill').orderBy('id');
  const billLines = groupBy<BillLineRecord>(await knex('bill_line').orderBy(['billId', 'position', 'id']), 'billId');
  const billEntries = signed.of('bill');
  for (const b of bills) {
    const name = `${b.kind === 'credit-note' ? 'Avoir' : 'Facture'} ${b.number}`;
    const e = billEntries.get(Number(b.id));
    billEntries.delete(Number(b.id));
    if (!e) {
      missing(name);
      continue;
    }
    const d: SignedData = e.body?.data ?? {};
    const diffs: string[] = [];
    if (d.number !== b.number) diffs.push(`numéro ${b.number} au lieu de ${d.number} signé`);
    if (e.body?.date !== b.date) diffs.push(`date ${b.date} au lieu du ${e.body?.date} signé`);
    if (d.inclVat !== Number(b.totalInclVat) || e.body?.amount !== Number(b.totalInclVat))
      diffs.push(`total TTC ${money(b.totalInclVat)} au lieu de ${money(d.inclVat)} signé`);
    if (d.exclVat !== Number(b.totalExclVat))
      diffs.push(`total HT ${money(b.totalExclVat)} au lieu de ${money(d.exclVat)}`);
    if (d.vatTotal !== Number(b.totalVat)) diffs.push(`TVA ${money(b.totalVat)} au lieu de ${money(d.vatTotal)}`);
    if (!same(d.customerId, b.customerId)) diffs.push('client différent du client signé');
    if (canonicalJson(d.vat ?? []) !== canonicalJson(vatOfBill(b).vat)) diffs.push('totaux par taux de TVA modifiés');
    const lines = billLines.get(Number(b.id)) ?? [];
    // Entries written before the lines were signed (no digest) are compared on their totals only.
    if (d.lines !== undefined) {
      if (d.lineCount !== lines.length) diffs.push(`${lines.length} ligne(s) au lieu de ${d.lineCount} signée(s)`);
      else if (d.lines !== billLinesDigest(lines)) diffs.push('lignes modifiées (libellé, quantité ou prix)');
    }
    if (diffs.length) record(e.seq, name, diffs.join(' ; '));
  }
  for (const [id, e] of billEntries) record(e.seq, `Facture ${e.body?.data?.number ?? id}`, 'supprimée de la base');

  // Payments: the last entry of each is the payment as it stands (a change is a
  // cancellation then the new payment; a deletion, a cancellation).
  const payments: PaymentRecord[] = await knex('payment').orderBy('id');
  const payEntries = signed.of('payment');
  // A grouped payment only holds payments already in the chain: it has no entry of its own.
  const holders = new Set(payments.filter((p) => p.groupedPaymentId != null).map((p) => Number(p.groupedPaymentId)));
  for (const p of payments) {
    const name = `Paiement n° ${p.id}`;
    const e = payEntries.get(Number(p.id));
    payEntries.delete(Number(p.id));
    if (!e && holders.has(Number(p.id))) continue;
    if (!e) {
      missing(name);
      continue;
    }
    if (e.kind !== 'payment') {
      record(e.seq, name, 'annulé au journal mais présent dans la base');
      continue;
    }
    const d: SignedData = e.body?.data ?? {};
    const diffs: string[] = [];
    if (e.body?.amount !== Number(p.amount))
      diffs.push(`montant ${money(p.amount)} au lieu de ${money(e.body?.amount)} signé`);
    if (e.body?.date !== p.date) diffs.push(`date ${p.date} au lieu du ${e.body?.date} signé`);
    if (d.method?.id !== Number(p.paymentMethodId)) diffs.push('mode de paiement différent du mode signé');
    if (!same(d.bookingId, p.bookingId) || !same(d.billId, p.billId)) diffs.push('séjour ou facture différents');
    if (diffs.length) record(e.seq, name, diffs.join(' ; '));
  }
  for (const [id, e] of payEntries)
    if (e.kind === 'payment') record(e.seq, `Paiement n° ${id}`, `de ${money(e.body?.amount)} supprimé de la base`);

  // Till tickets, with their lines and payments.
  const sales: SaleRecord[] = await knex('sale').orderBy('id');
  const saleLines = groupBy<SaleLineRecord>(await knex('sale_line').orderBy(['saleId', 'position', 'id']), 'saleId');
  const salePayments = groupBy<SalePaymentRecord>(await knex('sale_payment').orderBy(['saleId', 'id']), 'saleId');
  const saleEntries = signed.of('sale');
  for (const s of sales) {
    const name = `Ticket ${s.number}`;
    const e = saleEntries.get(Number(s.id));
    saleEntries.delete(Number(s.id));
    if (!e) {
      missing(name);
      continue;
    }
    const d: SignedData = e.body?.data ?? {};
    const diffs: string[] = [];
    if (d.number !== s.number) diffs.push(`numéro ${s.number} au lieu de ${d.number} signé`);
    if (e.body?.date !== s.date) diffs.push(`date ${s.date} au lieu du ${e.body?.date} signé`);
    if (d.inclVat !== Number(s.totalInclVat) || e.body?.amount !== Number(s.totalInclVat))
      diffs.push(`total TTC ${money(s.totalInclVat)} au lieu de ${money(d.inclVat)} signé`);
    if (d.exclVat !== Number(s.totalExclVat) || d.vatTotal !== Number(s.totalVat))
      diffs.push('totaux HT ou TVA modifiés');
    const pays = (salePayments.get(Number(s.id)) ?? []).map((p) => ({
      kind: String(p.kind),
      amount: Number(p.amount),
    }));
    if (canonicalJson(pays) !== canonicalJson(d.payments ?? [])) diffs.push('règlements modifiés');
    const lines = saleLines.get(Number(s.id)) ?? [];
    if (d.lines !== undefined) {
      if (d.lineCount !== lines.length) diffs.push(`${lines.length} ligne(s) au lieu de ${d.lineCount} signée(s)`);
      else if (d.lines !== saleLinesDigest(lines)) diffs.push('lignes modifiées (libellé, quantité ou prix)');
    }
    if (diffs.length) record(e.seq, name, diffs.join(' ; '));
  }
  for (const [id, e] of saleEntries) record(e.seq, `Ticket ${e.body?.data?.number ?? id}`, 'supprimé de la base');
}
