// The till's data and its pure rules: the running ticket's lines, the article pages, the
// code field and the ticket's totals (common/sales-totals.ts, the server's arithmetic).
// The till's answer is common/till-data.ts' TillData (api/domain/sales/view.ts builds it).
import type { TillArticle, TillData, TillRegister } from '../../../common/till-data';
import { computeTicket, type Ticket } from '../../../common/sales-totals';

export type { TillArticle, TillMethod, TillRegister } from '../../../common/till-data';
export type Till = TillData;

export interface Line {
  articleId: number;
  quantity: number;
  lineDiscount: number;
}

/** The ticket's totals, or null when there is no line or a discount exceeds its amount. */
export function ticketOf(lines: Line[], byId: Map<number, TillArticle>, ticketDiscount: number): Ticket | null {
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
      ticketDiscount,
    );
  } catch {
    return null;
  }
}

/** One more of an article: its line grows, but a gift voucher is always a line of its own. */
export function withArticle(lines: Line[], a: TillArticle): Line[] {
  const i = lines.findIndex((l) => l.articleId === a.id && a.giftType === 'none');
  if (i >= 0) return lines.map((l, j) => (j === i ? { ...l, quantity: l.quantity + 1 } : l));
  return [...lines, { articleId: a.id, quantity: 1, lineDiscount: 0 }];
}

/** Line i's quantity changed by d; a line at zero leaves the ticket. */
export const withQuantity = (lines: Line[], i: number, d: number): Line[] =>
  lines.flatMap((l, j) => (j !== i ? [l] : l.quantity + d <= 0 ? [] : [{ ...l, quantity: l.quantity + d }]));

export const withLineDiscount = (lines: Line[], i: number, lineDiscount: number): Line[] =>
  lines.map((x, j) => (j === i ? { ...x, lineDiscount } : x));

/** How many of an article the ticket holds, over all its lines. */
export const inTicket = (lines: Line[], articleId: number) =>
  lines.filter((l) => l.articleId === articleId).reduce((n, l) => n + l.quantity, 0);

/** The article a typed code or barcode names (case ignored), if any. */
export function articleByCode(articles: TillArticle[], typed: string): TillArticle | undefined {
  const c = typed.trim().toUpperCase();
  return articles.find((x) => x.code.toUpperCase() === c || (x.barcode && x.barcode.toUpperCase() === c));
}

/** The buttons of one page of a family ('all': every family), within the register's pages. */
export function articlePage(register: TillRegister, articles: TillArticle[], family: number | 'all', page: number) {
  const visible = articles.filter((a) => family === 'all' || a.articleFamilyId === family);
  const perPage = register.buttonsPerPage;
  const pages = Math.min(register.maxPages, Math.max(1, Math.ceil(visible.length / perPage)));
  return { pages, shown: visible.slice((page - 1) * perPage, page * perPage) };
}

/** A line discount as typed in its field: empty at zero, else euros with a comma. */
export const discountText = (cents: number) => (cents ? (cents / 100).toFixed(2).replace('.', ',') : '');
