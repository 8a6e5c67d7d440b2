// Customers (customer.customer): the list, the customer with its tabs, the resume, merging duplicates.
import { named, withRight, type ScreenArea } from '../../admin/src/ui/registry';

const customers = () => import('./CustomerScreens');

export const customersArea: ScreenArea = {
  name: 'customers',
  screens: withRight('customer.customer', [
    {
      path: '/customer-list',
      load: named(customers, 'CustomerList'),
      menu: { label: 'Clients', path: 'Fichiers/Clients' },
    },
    { path: '/customer/:tab/:customerId', load: named(customers, 'CustomerEdit') },
    {
      path: '/customer-resume',
      load: () => import('./CustomerResume'),
      menu: { label: 'Fiche récapitulative client', path: 'Fichiers/Clients' },
    },
    {
      path: '/transfer-customers',
      load: () => import('./TransferCustomers'),
      menu: { label: 'Fusion de clients en double', path: 'Fichiers/Clients', access: 'write' },
    },
  ]),
};
