// What GET /rest/sales/till/{id} answers for one register (api/domain/sales/view.ts builds
// it, the till screen reads it): one definition for both sides.
import type {
  ArticleFamilyRecord,
  ArticleRecord,
  CashRegisterRecord,
  CashRegisterWindowRecord,
  PaymentMethodRecord,
} from './generated/types';

export type TillArticle = Pick<
  ArticleRecord,
  | 'id'
  | 'code'
  | 'barcode'
  | 'label'
  | 'articleFamilyId'
  | 'price'
  | 'color'
  | 'isStockTracked'
  | 'stock'
  | 'isBracelet'
  | 'giftType'
> & { vatRateBp: number | null };
export type TillRegister = Pick<
  CashRegisterRecord,
  'id' | 'code' | 'label' | 'buttonsPerPage' | 'maxPages' | 'sellsBracelets' | 'isActive'
>;
export type TillMethod = Pick<PaymentMethodRecord, 'id' | 'label' | 'kind' | 'isPaperVoucher'>;
/** The open window of a register, as the till shows it. */
export type OpenWindow = Pick<CashRegisterWindowRecord, 'id' | 'openedAt' | 'openingFloat'>;

/** What the till screen needs for one register. */
export interface TillData {
  register: TillRegister;
  families: Pick<ArticleFamilyRecord, 'id' | 'label' | 'color'>[];
  articles: TillArticle[];
  paymentMethods: TillMethod[];
  window: OpenWindow | null;
  braceletCount: number;
}
