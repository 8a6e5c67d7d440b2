// Extra buttons of generated edit screens, by entity (beside Save, Back and Delete),
// each loaded on demand: what a schema cannot say, e.g. closing a financial year.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const sales = () => import('../../custom-screens/sales/RecordActions');

export const FORM_ACTIONS: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  'financial-year': lazy(() => import('./pages/establishment/FinancialYearClose')),
  'sale-gift-import': lazy(() => sales().then((m) => ({ default: m.GiftImportIntegrate }))),
  'gift-voucher': lazy(() => sales().then((m) => ({ default: m.GiftVoucherPrint }))),
  article: lazy(() => sales().then((m) => ({ default: m.ArticleStock }))),
};
