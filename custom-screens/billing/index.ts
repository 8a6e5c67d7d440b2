// Bills, bank and cash, the billing preferences and the bill lists and checks
// (/bill-list replaces the generated list).
import { named, withRight, type ScreenArea } from '../../admin/src/ui/registry';

const deposits = () => import('./DepositScreens');
const cash = () => import('./CashScreens');
const prefs = () => import('./FinancePreferences');
const checks = () => import('./lists/CheckLists');
const aids = () => import('./lists/AidLists');
const bank = (label: string, to?: string) => ({ label, path: 'Facturation', ...(to ? { to } : {}) });
const pref = (label: string) => ({ label: `Préférences : ${label}`, path: 'Admin/Établissement' });

export const billingArea: ScreenArea = {
  name: 'billing',
  screens: [
    ...withRight('invoice.bill', [{ path: '/bill/:billId', load: () => import('./BillScreen') }]),
    // The month screens open on the current month.
    ...withRight('invoice.bank', [
      {
        path: '/create-deposit/:paymentMethodId',
        load: named(deposits, 'CreateDeposit'),
        menu: { ...bank('Nouvelle remise en banque', '/create-deposit/0'), access: 'write' },
      },
      {
        path: '/deposit-list/:yearMonth',
        load: named(deposits, 'DepositList'),
        menu: bank('Remises du mois', '/deposit-list/current'),
      },
      { path: '/deposit/:bankDepositId', load: named(deposits, 'DepositView') },
      {
        path: '/cash-fund/:paymentMethodId/:date',
        load: named(cash, 'CashFund'),
        menu: bank('Fond de caisse', '/cash-fund/0/today'),
      },
      {
        path: '/cash-and-bank-journal',
        load: named(cash, 'CashAndBankJournal'),
        menu: bank('Journal de caisse et de banque'),
      },
      {
        path: '/expenses-list/:yearMonth',
        load: named(cash, 'ExpensesList'),
        menu: bank('Dépenses de caisse', '/expenses-list/current'),
      },
      {
        path: '/injections-list/:yearMonth',
        load: named(cash, 'InjectionsList'),
        menu: bank('Apports en caisse', '/injections-list/current'),
      },
      {
        path: '/starting-base/:yearMonth',
        load: named(cash, 'StartingBase'),
        menu: bank('Fonds de caisse du mois', '/starting-base/current'),
      },
    ]),
    // §2 (docs/screens.md#preferences) /preference/ sections of billing (static paths: they win over
    // /preference/:section).
    ...withRight('establishment.settings', [
      { path: '/preference/result', load: named(prefs, 'ResultPreferences'), menu: pref('résultats') },
      { path: '/preference/fees', load: named(prefs, 'FeesPreferences'), menu: pref('frais') },
      { path: '/preference/print-mode', load: named(prefs, 'PrintModePreferences'), menu: pref("mode d'impression") },
      { path: '/preference/sale', load: named(prefs, 'SalePreferences'), menu: pref('ventes') },
    ]),
    ...withRight('invoice.bill', [
      { path: '/bill-list', load: () => import('./lists/BillList') },
      { path: '/unbill-document-list', load: () => import('./lists/UnbilledList'), menu: bank('Séjours non facturés') },
      {
        path: '/result-credit-list',
        load: () => import('./lists/CreditList'),
        menu: { label: 'Avoirs et clients créditeurs', path: 'Résultats' },
      },
    ]),
    ...withRight('invoice.payment', [
      // The generated payment form, with the holiday vouchers it was paid with.
      { path: '/payment/:paymentId', load: () => import('./PaymentScreen') },
      { path: '/vacaf-list', load: () => import('./lists/VacafScreen'), menu: bank('Aides aux vacances (VACAF)') },
    ]),
    ...withRight('invoice.bill', [
      {
        path: '/verif-double-bill',
        load: named(checks, 'DoubleBillCheck'),
        menu: { label: 'Contrôle des doubles facturations', path: 'Facturation/Contrôles' },
      },
      {
        path: '/verif-due-bill',
        load: named(checks, 'DueBillCheck'),
        menu: { label: 'Factures échues non réglées', path: 'Facturation/Contrôles' },
      },
    ]),
    ...withRight('booking.booking', [
      {
        path: '/assurance-list',
        load: named(aids, 'InsuranceList'),
        menu: { label: 'Assurances annulation', path: 'Autres séjours' },
      },
      {
        path: '/insurance-declaration-list',
        load: () => import('./lists/InsuranceDeclarations'),
        menu: { label: "Déclarations à l'assureur", path: 'Autres séjours' },
      },
    ]),
  ],
};
