// The till: one cash register's sales screen (the register list is in ../sales).
import { withRight, type ScreenArea } from '../../admin/src/ui/registry';

export const cashRegisterArea: ScreenArea = {
  name: 'cash-register',
  screens: withRight('sale.sale', [
    { path: '/sale-cash-register/:cashRegisterSaleId', load: () => import('./TillScreen') },
  ]),
};
