// What a sale reads before it writes, in one query (issue 31 (docs/history.md#issue-31): the till's time follows
// its round trips): the register, its open window held FOR SHARE (a closing waits for
// the sale), the articles of the lines with their VAT rate locked FOR UPDATE in id order
// (two tills selling the last unit queue on the row and the second reads the stock the
// first left), their commercialization rules, the « sale » preferences, the establishment
// (the seller printed on the ticket) and the active payment methods. Nothing is cached
// between sales: every sale reads the rows as they are.
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { camelRow, camelRows } from '../../db/queries';
import { preparedByShape } from '../../db/prepared';
import type { ArticleRecord, EstablishmentRecord, PaymentMethodRecord } from '../../../common/generated/types';
import type { FinancePreferences } from '../billing/preferences';
import type { TillRegister } from './ticket-row';
import type { TillPaymentKind } from '../../../common/sales-totals';

/** An article as the till sells it, with its VAT rate and its stock (locked). */
export type SaleArticle = Pick<
  ArticleRecord,
  | 'id'
  | 'code'
  | 'label'
  | 'price'
  | 'accountingCode'
  | 'giftType'
  | 'giftValidityMonths'
  | 'isBracelet'
  | 'isActive'
  | 'stock'
  | 'isStockTracked'
> & { vatRateBp: number | null };

export type TillMethod = Pick<PaymentMethodRecord, 'id' | 'kind' | 'label' | 'isPaperVoucher'>;

export interface SaleContext {
  register: TillRegister;
  windowId: number;
  articles: SaleArticle[];
  rules: { articleId: number; cashRegisterId: number | null; startDate: string | null; endDate: string | null }[];
  /** the finance preferences row; null before anyone saved them (defaults apply) */
  preferences: Partial<FinancePreferences> | null;
  establishment: EstablishmentRecord | undefined;
  /** active methods, in the order of the screens (order, id) */
  methods: TillMethod[];
}

const SQL = `
WITH w AS (
  SELECT id FROM cash_register_window WHERE cash_register_id = :reg AND closed_at IS NULL LIMIT 1 FOR SHARE
), a AS (
  SELECT a.id, a.code, a.label, a.price, a.accounting_code, a.gift_type, a.gift_validity_months, a.is_bracelet,
         a.is_active, a.stock, a.is_stock_tracked, t.rate AS vat_rate_bp
    FROM article a LEFT JOIN tva t ON t.id = a.tva_id
   WHERE a.id = ANY(:ids) ORDER BY a.id FOR UPDATE OF a
)
SELECT
  (SELECT row_to_json(r) FROM (SELECT id, code, label, ticket_prefix FROM cash_register
     WHERE id = :reg AND is_active) r) AS register,
  (SELECT id FROM w) AS window_id,
  (SELECT json_agg(a) FROM a) AS articles,
  (SELECT json_agg(c) FROM (SELECT article_id, cash_register_id, start_date, end_date FROM article_commercialization
     WHERE article_id = ANY(:ids)) c) AS rules,
  (SELECT row_to_json(p) FROM finance_preference p WHERE key = 'finance') AS preferences,
  (SELECT row_to_json(e) FROM (SELECT * FROM establishment ORDER BY id LIMIT 1) e) AS establishment,
  (SELECT json_agg(m) FROM (SELECT id, kind, label, is_paper_voucher FROM payment_method WHERE is_active
     ORDER BY "order", id) m) AS methods`;

/** Reads (and locks) what the sale of `articleIds` at `cashRegisterId` needs; refuses a closed register. */
export async function saleContext(
  trx: Knex.Transaction,
  cashRegisterId: number,
  articleIds: number[],
): Promise<SaleContext> {
  // Prepared once per connection, as the sale's writes: PostgreSQL keeps its generic plan (planning ~0,65 ms a sale).
  const [row] = (await preparedByShape(trx.raw(SQL, { reg: cashRegisterId, ids: articleIds }), 'sale_context')).rows;
  const register = camelRow<TillRegister>(row.register);
  if (!register) throw badRequest('CASH_REGISTER_INACTIVE');
  if (row.window_id == null) throw badRequest('CASH_WINDOW_NOT_OPEN');
  return {
    register,
    windowId: row.window_id,
    articles: camelRows<SaleArticle>(row.articles),
    rules: camelRows(row.rules),
    preferences: camelRow(row.preferences),
    establishment: camelRow<EstablishmentRecord>(row.establishment) ?? undefined,
    methods: camelRows<TillMethod>(row.methods),
  };
}

/** The articles of the lines, refused when hidden or not sold at this register today. */
export function sellableArticles(ctx: SaleContext, ids: number[], today: string): Map<number, SaleArticle> {
  const found = new Map(ctx.articles.filter((a) => a.isActive).map((a) => [a.id, a]));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw badRequest('ARTICLE_UNKNOWN', { [`article.${missing}`]: 'Article inconnu ou masqué' });
  for (const id of ids) {
    const mine = ctx.rules.filter((r) => r.articleId === id);
    if (!mine.length) continue;
    const ok = mine.some(
      (r) =>
        (r.cashRegisterId == null || r.cashRegisterId === ctx.register.id) &&
        (!r.startDate || r.startDate <= today) &&
        (!r.endDate || today <= r.endDate),
    );
    if (!ok) throw badRequest('ARTICLE_NOT_SOLD_HERE', { [`article.${id}`]: found.get(id)!.label });
  }
  return found;
}

/**
 * The method of a till payment: the one named, else the « sale » preferences' cash or
 * default method when it is of this kind, else the first active one of the kind.
 */
export function paymentMethodFor(
  ctx: SaleContext,
  kind: TillPaymentKind,
  id: number | null | undefined,
  preferred: (number | null)[],
): number | null {
  if (kind === 'stay') return null;
  const ofKind = ctx.methods.filter((m) => m.kind === kind);
  const m = id
    ? ofKind.find((x) => x.id === id)
    : (preferred.flatMap((p) => ofKind.filter((x) => x.id === p))[0] ?? ofKind[0]);
  if (!m)
    throw badRequest('NO_PAYMENT_METHOD', { [`payments.${kind}`]: 'Aucun mode de paiement actif de cette nature' });
  return m.id;
}
