// The declaration to the insurer (issue 30, docs/history.md#issue-30): for a period [from, to), the stays taken
// with the cancellation insurance that arrive in it and were never declared, with their
// premium (the stored price's lines of type 11), as a CSV file (layout in README.md) and
// an e-mail to the insurer with the file attached, through the mail queue. Stored with
// its stays (a stay is declared once: unique booking) and marked sent with who sent it;
// once sent a trigger keeps it (« Une assurance envoyée ne peut pas être supprimée »).
// Two users declaring the same period at once: the module's row is locked first, so the
// second one waits, then finds the period declared (the exclusion constraint is the
// guarantee underneath).
import type { Knex } from 'knex';
import { UNCONFIRMED } from '../../../common/stay-status';
import { formatDateFr } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { countFr } from '../../../common/french';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { applyBp } from '../pricing/money';
import { enqueueMail } from '../mail/queue';
import { csvAmount, csvText } from './csv';
import { insuranceModule, type InsuranceModule } from './settings';
import type { StoredPrice } from '../stays/price-model';
import type { BookingRecord } from '../../../common/generated/types';

type Db = Knex | Knex.Transaction;

/** A sent declaration as its list shows it. */
export interface DeclarationRow {
  id: number;
  moduleId: number;
  moduleLabel: string | null;
  startDate: string;
  endDate: string;
  contractNumber: string | null;
  insurerEmail: string | null;
  stayCount: number;
  totalStayAmount: number;
  totalPremium: number;
  commissionRateBp: number;
  commission: number;
  fileName: string;
  sentAt: string | Date | null;
  sentBy: string | null;
  mailStatus: string | null;
}

export interface DeclaredStay {
  bookingId: number;
  code: string;
  customerName: string;
  startDate: string;
  endDate: string;
  stayAmount: number;
  premium: number;
}
export interface DeclarationPreview {
  moduleId: number;
  from: string;
  to: string;
  contractNumber: string | null;
  stays: DeclaredStay[];
  totalStayAmount: number;
  totalPremium: number;
  commissionRateBp: number;
  commission: number;
}

const customerName = `coalesce(nullif(c.company_name, ''), trim(concat_ws(' ', c.first_name, c.last_name)))`;

/** The premiums of stays: Σ of the lines of type 11 of their active occupancies' stored prices. */
export async function premiumsOf(db: Db, bookingIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!bookingIds.length) return out;
  const occs: { bookingId: number; pricedQuote: StoredPrice | null }[] = await db('occupancy')
    .whereIn('bookingId', bookingIds)
    .where('isCancelled', false)
    .select('bookingId', 'pricedQuote');
  for (const o of occs) {
    const lines = o.pricedQuote?.quote?.lines ?? [];
    const p = lines.filter((l) => l.lineType === 11).reduce((s, l) => s + Number(l.amount ?? 0), 0);
    out.set(o.bookingId, (out.get(o.bookingId) ?? 0) + p);
  }
  return out;
}

/** What a declaration of the period would carry now (nothing written). */
export async function previewDeclaration(
  db: Db,
  m: InsuranceModule,
  from: string,
  to: string,
): Promise<DeclarationPreview> {
  if (to <= from) throw badRequest('INCORRECT_DATES', { to: 'La fin doit suivre le début' });
  // dated stays (the period filters on their start), as DeclaredStay has them
  const rows: (Pick<BookingRecord, 'id' | 'code' | 'totalAmount'> & {
    startDate: string;
    endDate: string;
    name: string | null;
  })[] = await db('booking as k')
    .leftJoin('customer as c', 'c.id', 'k.customerId')
    .where('k.withCancellationInsurance', true)
    .whereNot('k.kind', 'quote')
    .whereNotIn('k.statusId', UNCONFIRMED)
    .where('k.startDate', '>=', from)
    .where('k.startDate', '<', to)
    .whereNotExists((q) => q.from('insurance_declaration_stay as d').whereRaw('d.booking_id = k.id'))
    .orderBy([{ column: 'k.startDate' }, { column: 'k.id' }])
    .select('k.id', 'k.code', 'k.startDate', 'k.endDate', 'k.totalAmount', db.raw(`${customerName} AS name`));
  const premiums = await premiumsOf(
    db,
    rows.map((r) => r.id),
  );
  const stays = rows
    .map((r) => ({
      bookingId: r.id,
      code: r.code ?? String(r.id),
      customerName: r.name ?? '',
      startDate: r.startDate,
      endDate: r.endDate,
      stayAmount: Number(r.totalAmount ?? 0),
      premium: premiums.get(r.id) ?? 0,
    }))
    .filter((s) => s.premium > 0);
  const totalPremium = stays.reduce((s, x) => s + x.premium, 0);
  return {
    moduleId: m.id,
    from,
    to,
    contractNumber: m.contractNumber,
    stays,
    totalStayAmount: stays.reduce((s, x) => s + x.stayAmount, 0),
    totalPremium,
    commissionRateBp: m.rate,
    commission: applyBp(totalPremium, m.rate),
  };
}

/** The declaration's file: one line per stay, the layout of README.md. */
export function declarationCsv(p: DeclarationPreview): string {
  return csvText(
    ['numero_sejour', 'nom_client', 'date_arrivee', 'date_depart', 'montant_sejour', 'prime', 'numero_contrat'],
    p.stays.map((s) => [
      s.code,
      s.customerName,
      s.startDate,
      s.endDate,
      csvAmount(s.stayAmount),
      csvAmount(s.premium),
      p.contractNumber ?? '',
    ]),
  );
}

const fileName = (p: DeclarationPreview) => `declaration-assurance-${p.from}-${p.to}.csv`;

/** Stores the declaration of the period and, unless `send` is false, e-mails it to the insurer. */
export async function createDeclaration(
  knex: Knex,
  input: { moduleId: number; from: string; to: string; send: boolean },
  userId: number | null,
): Promise<{ id: number; mailId: number | null }> {
  return knex.transaction(async (trx) => {
    // Serialises declarations of one module: the second waits here, then sees the first.
    await trx('module_config').where('id', input.moduleId).forUpdate().first('id');
    const m = await insuranceModule(trx, input.moduleId);
    if (input.send && !m.insurerEmail) throw badRequest('INSURER_EMAIL_REQUIRED');
    const taken = await trx('insurance_declaration')
      .where('moduleId', m.id)
      .whereRaw('daterange(start_date, end_date) && daterange(?::date, ?::date)', [input.from, input.to])
      .first('id');
    if (taken) throw badRequest('INSURANCE_PERIOD_DECLARED', { from: 'Période déjà déclarée' });
    const p = await previewDeclaration(trx, m, input.from, input.to);
    if (!p.stays.length) throw badRequest('INSURANCE_NOTHING_TO_DECLARE');
    const csv = declarationCsv(p);
    const [{ id }] = await trx('insurance_declaration')
      .insert({
        moduleId: m.id,
        startDate: p.from,
        endDate: p.to,
        contractNumber: p.contractNumber,
        insurerEmail: m.insurerEmail,
        stayCount: p.stays.length,
        totalStayAmount: p.totalStayAmount,
        totalPremium: p.totalPremium,
        commissionRateBp: p.commissionRateBp,
        commission: p.commission,
        fileName: fileName(p),
        csv,
        createdBy: userId,
      })
      .returning('id');
    await trx('insurance_declaration_stay').insert(
      p.stays.map((s) => ({ declarationId: id, bookingId: s.bookingId, stayAmount: s.stayAmount, premium: s.premium })),
    );
    const mailId = input.send ? await sendInTransaction(trx, id, m, userId) : null;
    return { id, mailId };
  });
}

/** Queues the e-mail of a stored declaration and marks it sent (inside the caller's transaction). */
async function sendInTransaction(
  trx: Knex.Transaction,
  id: number,
  m: InsuranceModule,
  userId: number | null,
): Promise<number> {
  const d = await trx('insurance_declaration').where('id', id).first();
  if (!m.insurerEmail) throw badRequest('INSURER_EMAIL_REQUIRED');
  const period = `du ${formatDateFr(d.startDate)} au ${formatDateFr(d.endDate)} (exclu)`;
  const euros = (c: number) => formatCents(c);
  const contract: string | null = d.contractNumber;
  const mailId = (await enqueueMail(trx, {
    kind: 'insurance-declaration',
    to: m.insurerEmail,
    subject: `Déclaration d'assurance annulation${contract ? ` – contrat ${contract}` : ''} – ${period}`,
    html:
      `<p>Bonjour,</p><p>Veuillez trouver ci-joint la déclaration des séjours assurés ${period}` +
      `${contract ? `, contrat n° ${contract}` : ''} : ${countFr(d.stayCount, 'séjour')}, ` +
      `primes ${euros(Number(d.totalPremium))}, commission ${euros(Number(d.commission))}, ` +
      `à reverser ${euros(Number(d.totalPremium) - Number(d.commission))}.</p><p>Cordialement.</p>`,
    attachments: [{ fileName: d.fileName, mime: 'text/csv', data: Buffer.from(d.csv, 'utf8') }],
    entityType: 'insurance-declaration',
    entityId: id,
    userId,
  }))!;
  await trx('insurance_declaration')
    .where('id', id)
    .update({ sentAt: trx.fn.now(), sentBy: userId, mailMessageId: mailId });
  return mailId;
}

/** Sends a declaration stored without being sent (a draft). */
export async function sendDeclaration(knex: Knex, id: number, userId: number | null): Promise<number> {
  return knex.transaction(async (trx) => {
    const d = await trx('insurance_declaration').where('id', id).forUpdate().first('id', 'moduleId', 'sentAt');
    if (!d) throw notFound();
    if (d.sentAt) throw new HttpError(409, 'INSURANCE_SENT_UNDELETABLE');
    return sendInTransaction(trx, id, await insuranceModule(trx, d.moduleId), userId);
  });
}

/** Deletes a draft; a sent declaration is refused (§8, docs/errors.md#messages), here and by the trigger. */
export async function deleteDeclaration(knex: Knex, id: number): Promise<void> {
  await knex.transaction(async (trx) => {
    const d = await trx('insurance_declaration').where('id', id).forUpdate().first('id', 'sentAt');
    if (!d) throw notFound();
    if (d.sentAt) throw badRequest('INSURANCE_SENT_UNDELETABLE');
    await trx('insurance_declaration').where('id', id).delete();
  });
}

/** The declarations, newest first, with who sent them and the e-mail's state. */
export async function listDeclarations(db: Db): Promise<DeclarationRow[]> {
  return db('insurance_declaration as d')
    .leftJoin('module_config as m', 'm.id', 'd.moduleId')
    .leftJoin('app_user as u', 'u.id', 'd.sentBy')
    .leftJoin('mail_message as x', 'x.id', 'd.mailMessageId')
    .orderBy([
      { column: 'd.startDate', order: 'desc' },
      { column: 'd.id', order: 'desc' },
    ])
    .limit(500)
    .select(
      'd.id',
      'd.moduleId',
      'm.label as moduleLabel',
      'd.startDate',
      'd.endDate',
      'd.contractNumber',
      'd.insurerEmail',
      'd.stayCount',
      db.raw('d.total_stay_amount::int AS "totalStayAmount"'),
      db.raw('d.total_premium::int AS "totalPremium"'),
      'd.commissionRateBp',
      db.raw('d.commission::int AS commission'),
      'd.fileName',
      'd.sentAt',
      'u.login as sentBy',
      'x.status as mailStatus',
    );
}
