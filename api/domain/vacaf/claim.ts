// The claim to the CAF (VACAF, issue 30, docs/history.md#issue-30): for a period [from, to), the aids of the stays
// that end in it and were never claimed, with the campsite's agreement number (module
// 'vacaf', setting agreementNumber), as a CSV file (layout in README.md). The claim is
// kept with its aids (holiday_aid.claim_id: an aid is claimed once, then frozen by a
// trigger); one claim per period (exclusion constraint; the module's row is locked first,
// so two users claiming at once make one claim). When the CAF pays, one payment per aid
// (payer type holiday-aid, through the generic write path: rules, history, ledger) for
// what it still owes, and the claim is marked paid.
import type { Knex } from 'knex';
import { badRequest, notFound } from '../../http/errors';
import { entityMeta } from '../../rest/entities';
import { saveRecord } from '../../rest/records';
import { todayParis, nightsBetween } from '../../../common/dates';
import { defaultSettings } from '../../../common/modules';
import { csvAmount, csvText } from '../insurance/csv';

type Db = Knex | Knex.Transaction;
/** One holiday aid with its stay, as the claim's file and screen list it. */
export interface AidRow {
  id: number;
  bookingId: number;
  cafNumber: string | null;
  amount: number;
  claimId: number | null;
  code: string | null;
  startDate: string;
  endDate: string;
  totalAmount: number;
  customerName: string | null;
  /** paid by the CAF so far, cents */
  paid: number;
  nights: number;
}

/** One claim of the claims' list. */
export interface ClaimRow {
  id: number;
  agreementNumber: string;
  startDate: string;
  endDate: string;
  aidCount: number;
  totalAmount: number;
  fileName: string | null;
  paidOn: string | null;
  createdAt: string;
  createdBy: string | null;
  paid: number;
}

export interface VacafModule {
  id: number;
  agreementNumber: string;
}

/** The active VACAF module with its agreement number (400 VACAF_MODULE_REQUIRED otherwise). */
export async function vacafModule(db: Db): Promise<VacafModule> {
  const rec = await db('module_config').where({ kind: 'vacaf', isActive: true }).orderBy('id').first('id', 'settings');
  const s = { ...defaultSettings('vacaf'), ...(rec?.settings ?? {}) } as Record<string, unknown>;
  const agreementNumber = typeof s.agreementNumber === 'string' ? s.agreementNumber.trim() : '';
  if (!rec || !agreementNumber) throw badRequest('VACAF_MODULE_REQUIRED');
  return { id: rec.id, agreementNumber };
}

const customerName = `coalesce(nullif(c.company_name, ''), trim(concat_ws(' ', c.first_name, c.last_name)))`;

/** The aids of stays ending in [from, to): unclaimed ones (claimId null), or those of a claim. */
export async function aidRows(db: Db, q: { from?: string; to?: string; claimId?: number }): Promise<AidRow[]> {
  const rows: Omit<AidRow, 'nights'>[] = await db('holiday_aid as a')
    .join('booking as k', 'k.id', 'a.bookingId')
    .leftJoin('customer as c', 'c.id', 'k.customerId')
    .modify((w) => {
      if (q.claimId) w.where('a.claimId', q.claimId);
      else w.whereNull('a.claimId').where('k.endDate', '>=', q.from!).where('k.endDate', '<', q.to!);
    })
    .orderBy([{ column: 'k.endDate' }, { column: 'k.id' }])
    .select(
      'a.id',
      'a.bookingId',
      'a.cafNumber',
      'a.amount',
      'a.claimId',
      'k.code',
      'k.startDate',
      'k.endDate',
      'k.totalAmount',
      db.raw(`${customerName} AS "customerName"`),
      db.raw(`(SELECT coalesce(sum(p.amount), 0) FROM payment p WHERE p.booking_id = k.id
        AND p.payer_type = 'holiday-aid')::int AS paid`),
    );
  return rows.map((r) => ({
    ...r,
    totalAmount: Number(r.totalAmount ?? 0),
    nights: nightsBetween(r.startDate, r.endDate),
  }));
}

export function claimCsv(agreementNumber: string, rows: AidRow[]): string {
  return csvText(
    [
      'numero_convention',
      'numero_sejour',
      'numero_allocataire',
      'nom_famille',
      'date_arrivee',
      'date_depart',
      'nuits',
      'montant_sejour',
      'aide_demandee',
    ],
    rows.map((r) => [
      agreementNumber,
      r.code ?? String(r.bookingId),
      r.cafNumber,
      r.customerName ?? '',
      r.startDate,
      r.endDate,
      r.nights,
      csvAmount(r.totalAmount),
      csvAmount(r.amount),
    ]),
  );
}

export async function createClaim(
  knex: Knex,
  input: { from: string; to: string },
  userId: number | null,
): Promise<number> {
  if (input.to <= input.from) throw badRequest('INCORRECT_DATES', { to: 'La fin doit suivre le début' });
  return knex.transaction(async (trx) => {
    const m = await vacafModule(trx);
    await trx('module_config').where('id', m.id).forUpdate().first('id');
    const taken = await trx('vacaf_claim')
      .where('moduleId', m.id)
      .whereRaw('daterange(start_date, end_date) && daterange(?::date, ?::date)', [input.from, input.to])
      .first('id');
    if (taken) throw badRequest('VACAF_PERIOD_CLAIMED', { from: 'Période déjà demandée' });
    const rows = await aidRows(trx, input);
    if (!rows.length) throw badRequest('VACAF_NOTHING_TO_CLAIM');
    const [{ id }] = await trx('vacaf_claim')
      .insert({
        moduleId: m.id,
        agreementNumber: m.agreementNumber,
        startDate: input.from,
        endDate: input.to,
        aidCount: rows.length,
        totalAmount: rows.reduce((s, r) => s + r.amount, 0),
        fileName: `demande-vacaf-${input.from}-${input.to}.csv`,
        csv: claimCsv(m.agreementNumber, rows),
        createdBy: userId,
      })
      .returning('id');
    await trx('holiday_aid')
      .whereIn(
        'id',
        rows.map((r) => r.id),
      )
      .update({ claimId: id });
    return id;
  });
}

/** The CAF paid a claim: one payment per aid for what the CAF still owes on it; the claim marked paid. */
export async function recordClaimPayment(
  knex: Knex,
  claimId: number,
  input: { paymentMethodId: number; date?: string },
  userId: number | null,
): Promise<{ payments: number; amount: number }> {
  return knex.transaction(async (trx) => {
    const claim = await trx('vacaf_claim').where('id', claimId).forUpdate().first();
    if (!claim) throw notFound();
    if (claim.paidOn) throw badRequest('VACAF_CLAIM_PAID');
    const date = input.date ?? todayParis();
    let count = 0,
      amount = 0;
    for (const r of await aidRows(trx, { claimId })) {
      const owed = r.amount - r.paid;
      if (owed <= 0) continue;
      await saveRecord(
        trx as unknown as Knex,
        entityMeta('payment'),
        {
          bookingId: r.bookingId,
          paymentMethodId: input.paymentMethodId,
          amount: owed,
          date,
          category: 'payment',
          payerType: 'holiday-aid',
          payingInstitution: 'CAF (VACAF)',
          notes: `Demande VACAF du ${claim.startDate} au ${claim.endDate}`,
        },
        userId,
      );
      count++;
      amount += owed;
    }
    await trx('vacaf_claim').where('id', claimId).update({ paidOn: date });
    return { payments: count, amount };
  });
}

export async function listClaims(db: Db): Promise<ClaimRow[]> {
  return db('vacaf_claim as c')
    .leftJoin('app_user as u', 'u.id', 'c.createdBy')
    .orderBy([
      { column: 'c.startDate', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .limit(500)
    .select(
      'c.id',
      'c.agreementNumber',
      'c.startDate',
      'c.endDate',
      'c.aidCount',
      db.raw('c.total_amount::int AS "totalAmount"'),
      'c.fileName',
      'c.paidOn',
      'c.createdAt',
      'u.login as createdBy',
      db.raw(`(SELECT coalesce(sum(p.amount), 0) FROM payment p JOIN holiday_aid a ON a.booking_id = p.booking_id
        WHERE a.claim_id = c.id AND p.payer_type = 'holiday-aid')::int AS paid`),
    );
}
