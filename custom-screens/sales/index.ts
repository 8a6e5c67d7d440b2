// Sales (sale.sale): the cash registers, a sale, the checks, customers given to tickets
// sold without one, the gift voucher import; the article, voucher and ticket lists are generated.
import { named, withRight, type ScreenArea } from '../../admin/src/ui/registry';

const sales = () => import('./SalesScreens');

export const salesArea: ScreenArea = {
  name: 'sales',
  screens: withRight('sale.sale', [
    {
      path: '/sale-cash-register-list',
      load: named(sales, 'RegisterList'),
      menu: { label: 'Écrans de caisse', path: 'Ventes' },
    },
    { path: '/vente-annexe/:saleId', load: named(sales, 'SaleScreen') },
    {
      path: '/check-sales',
      load: named(sales, 'CheckSales'),
      menu: { label: 'Contrôle des ventes portées sur les séjours', path: 'Ventes/Contrôles' },
    },
    {
      path: '/verif-tickets-payment',
      load: named(sales, 'TicketsPaymentCheck'),
      menu: { label: 'Vérification des règlements des tickets', path: 'Ventes/Contrôles' },
    },
    {
      path: '/add-customer-to-sales',
      load: () => import('./AddCustomerToSales'),
      menu: { label: 'Affecter un client à des ventes', path: 'Ventes', access: 'write' },
    },
    { path: '/sale-gift-import-list', load: () => import('./GiftImportList') },
  ]),
};
