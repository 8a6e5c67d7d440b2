// Partner bills (§4 (docs/billing.md#bills) « the customer bill must be generated before the partner bill »):
// for a stay brought by a partner, the partner's commission billed to the partner, in
// the partner-invoice series. Issued only once the customer's final bill stands; the
// customer's final bill cannot be cancelled while a partner bill stands (« bill cannot
// be cancelled or partner bill remains »): credit the partner bill first.
import type { Knex } from 'knex';
import { badRequest, notFound } from '../../http/errors';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { mulDivRound, vatOfInclusive } from '../pricing/money';
import { billDate, insertBill, isStayBilled, lockStay } from './issue';
import { LINE_TYPE, type LineInput } from './lines';
import { paymentTermsText, sellerSnapshot, type CustomerSnapshot } from './parties';
import { STAY_SOURCE } from './sources';

import type { BillRecord, PartnerRecord, TvaRecord } from '../../../common/generated/types';

type Db = Knex | Knex.Transaction;
/** A partner as billed: its row with its country's name and ISO code. */
type BilledPartner = PartnerRecord & { countryName: string | null; countryIso: string | null };

/** Tourist taxes are collected for the commune: no commission on them. */
const NOT_COMMISSIONED = new Set<number>([LINE_TYPE.TAX, 3]);
const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');
const impossible = (why: string) => badRequest('BILL_GENERATION_IMPOSSIBLE', { bill: why });

/** The partner as billed: the §8 (docs/errors.md#messages) messages when its address is incomplete. */
async function partnerSnapshot(
  db: Db,
  partnerId: number,
): Promise<{ partner: BilledPartner; snapshot: CustomerSnapshot }> {
  const p: BilledPartner | undefined = await db('partner as p')
    .leftJoin('country as k', 'k.id', 'p.countryId')
    .where('p.id', partnerId)
    .first('p.*', 'k.name as countryName', 'k.isoCode as countryIso');
  if (!p) throw notFound();
  const lacking: [string, MessageCode][] = [];
  if (blank(p.address)) lacking.push(['address', 'CUSTOMER_ADDRESS_REQUIRED']);
  if (blank(p.postalCode)) lacking.push(['postalCode', 'CUSTOMER_POSTCODE_REQUIRED']);
  if (blank(p.town)) lacking.push(['town', 'CUSTOMER_TOWN_REQUIRED']);
  if (lacking.length)
    throw badRequest(lacking[0][1], Object.fromEntries(lacking.map(([f, m]) => [f, formatMessage(m)])));
  const [address1, ...rest] = String(p.address)
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    partner: p,
    snapshot: {
      name: p.name,
      companyName: p.name,
      isLegalEntity: true,
      address1,
      address2: rest.join(', ') || null,
      postalCode: p.postalCode,
      town: p.town!, // refused above when blank
      country: p.countryName ?? null,
      countryIso: p.countryIso ?? null,
      vatNumber: null,
      email: p.email ?? null,
    },
  };
}

/** Partner invoices of a stay still standing (not wholly credited). */
export async function standingPartnerBills(db: Db, bookingId: number): Promise<Pick<BillRecord, 'id' | 'number'>[]> {
  return db('bill as b')
    .where({ 'b.bookingId': bookingId, 'b.kind': 'invoice', 'b.payerType': 'partner' })
    .whereRaw(
      'b.total_incl_vat + coalesce((SELECT sum(c.total_incl_vat) FROM bill c WHERE c.credited_bill_id = b.id), 0) <> 0',
    )
    .select('b.id', 'b.number');
}

/**
 * The commission line: the partner's rate on the stay's price (taxes collected for the
 * commune excluded), VAT included at the partner's commission VAT rate.
 */
export function commissionLine(
  stay: LineInput[],
  rateBp: number,
  vatRateBp: number,
  label: string,
  period: { startDate: string | null; endDate: string | null },
): LineInput {
  const base = stay.filter((l) => !NOT_COMMISSIONED.has(l.lineType)).reduce((s, l) => s + l.amountInclVat, 0);
  const amount = mulDivRound(base, rateBp, 10_000);
  return {
    lineType: 13,
    label,
    quantity: 1,
    unitPriceInclVat: amount,
    amountInclVat: amount,
    vatRateBp,
    vatAmount: vatOfInclusive(amount, vatRateBp),
    startDate: period.startDate,
    endDate: period.endDate,
  };
}

export async function issuePartnerBill(
  knex: Knex,
  bookingId: number,
  input: { date?: string },
  userId: number | null,
): Promise<number> {
  const date = billDate(input.date);
  return knex.transaction(async (trx) => {
    const booking = await lockStay(trx, bookingId);
    if (booking.partnerId == null) throw impossible("Ce séjour n'a pas de partenaire");
    if (!(await isStayBilled(trx, bookingId)))
      throw impossible('La facture client du séjour doit être émise avant la facture partenaire');
    if ((await standingPartnerBills(trx, bookingId)).length) throw impossible('Ce séjour a déjà sa facture partenaire');
    const { partner, snapshot } = await partnerSnapshot(trx, booking.partnerId);
    const tva: Pick<TvaRecord, 'rate'> | null | undefined =
      partner.tvaId == null ? null : await trx('tva').where('id', partner.tvaId).first('rate');
    if (!partner.commissionRate || !tva)
      throw badRequest('COMMISSION_VAT_RATE_REQUIRED', {
        commissionRate: formatMessage('COMMISSION_VAT_RATE_REQUIRED'),
      });
    const stay = await STAY_SOURCE.lines(trx, { bookingId, customerId: booking.customerId, kind: 'final' });
    const period = { startDate: booking.startDate ?? null, endDate: booking.endDate ?? null };
    const rate = (partner.commissionRate / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 });
    const line = commissionLine(
      stay,
      partner.commissionRate,
      Number(tva.rate),
      `Commission ${rate} % sur le séjour ${booking.code ?? booking.id}`,
      period,
    );
    if (line.amountInclVat <= 0) throw impossible('Commission nulle : rien à facturer au partenaire');
    return insertBill(
      trx,
      {
        kind: 'invoice',
        isDeposit: false,
        payerType: 'partner',
        date,
        bookingId,
        customerId: null,
        partnerId: partner.id,
        customerName: snapshot.name,
        customerSnapshot: snapshot,
        sellerSnapshot: await sellerSnapshot(trx),
        serviceStartDate: period.startDate,
        serviceEndDate: period.endDate,
        paymentTerms: paymentTermsText(snapshot, null),
        dueDate: null,
        userId,
        depositsDeducted: 0,
      },
      [line],
      'partner-invoice',
    );
  });
}
