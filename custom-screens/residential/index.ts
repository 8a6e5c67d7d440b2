// Residential (resident.contract, §2, docs/screens.md#residential): rent receipts (list, one, multi-creation,
// management), residents and the billing per line type. Place affectations, their price
// periods, contracts, their history and sublets are generated screens (schemas/).
import { named, withRight, type ScreenArea } from '../../admin/src/ui/registry';

const path = 'Autres séjours/Résidentiel';
const receipts = () => import('./Receipts');
const residents = () => import('./Residents');

export const residentialArea: ScreenArea = {
  name: 'residential',
  screens: withRight('resident.contract', [
    { path: '/resident-list', load: named(residents, 'ResidentList'), menu: { label: 'Résidents', path } },
    { path: '/rent-receipt-list', load: named(receipts, 'RentReceiptList'), menu: { label: 'Quittances', path } },
    {
      path: '/rent-receipt-management',
      load: named(receipts, 'RentReceiptManagement'),
      menu: { label: 'Gestion des quittances', path },
    },
    {
      path: '/rent-receipt-multi-creation',
      load: () => import('./MultiCreation'),
      menu: { label: 'Création des quittances', path, access: 'write' },
    },
    { path: '/rent-receipt/:activeKey/:rentReceiptId', load: () => import('./RentReceiptScreen') },
    {
      path: '/resident-bill-type',
      load: named(residents, 'ResidentBillType'),
      menu: { label: 'Facturation par type', path },
    },
  ]),
};
