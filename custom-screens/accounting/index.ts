// Accounting (issue 15 (docs/ledger.md), api/domain/accounting): the preview of a period's entries, the
// exports with their history and the payment plan. The plan's accounts, journals and customer account
// settings are generated screens of their schemas (accounting-*), under the same menu.
import { withRight, type ScreenArea } from '../../admin/src/ui/registry';

const path = 'Facturation/Comptabilité';

export const accountingArea: ScreenArea = {
  name: 'accounting',
  screens: withRight('invoice.accounting', [
    { path: '/accounting-preview', load: () => import('./PreviewScreen'), menu: { label: 'Prévisualisation', path } },
    { path: '/accounting-export', load: () => import('./ExportScreen'), menu: { label: 'Export comptable', path } },
    { path: '/payment-plan', load: () => import('./PaymentPlanScreen'), menu: { label: 'Plan de règlement', path } },
  ]),
};
