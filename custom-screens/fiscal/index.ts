// Closures, the day's operations, the verifier of the inalterable journal and the
// technical event journal (api/domain/ledger); the statements (api/domain/statements).
import { withRight, type ScreenArea } from '../../admin/src/ui/registry';

const path = 'Facturation/Clôtures';
const declarations = 'Facturation/Déclarations';

export const fiscalArea: ScreenArea = {
  name: 'fiscal',
  screens: [
    ...withRight('invoice.closures', [
      {
        path: '/daily-operations',
        load: () => import('./DailyOperations'),
        menu: { label: 'Opérations du jour', path },
      },
      { path: '/closure', load: () => import('./ClosureScreen'), menu: { label: 'Clôtures', path } },
    ]),
    ...withRight('invoice.journal', [
      {
        path: '/closure/verify',
        load: () => import('./VerifyScreen'),
        menu: { label: 'Vérification du journal inaltérable', path },
      },
      { path: '/jet', load: () => import('./JetScreen'), menu: { label: 'Journal des événements techniques', path } },
    ]),
    // Statements (api/domain/statements): tourist tax and VAT, results and balance, police register, INSEE survey.
    ...withRight('invoice.accounting', [
      {
        path: '/tax-list',
        load: () => import('./TaxList'),
        menu: { label: 'Registre de la taxe de séjour', path: declarations },
      },
      {
        path: '/tax-statement-list',
        load: () => import('./TaxStatementList'),
        menu: { label: 'Déclaration de taxe de séjour', path: declarations },
      },
      {
        path: '/tva-statement-list',
        load: () => import('./TvaStatementList'),
        menu: { label: 'Déclaration de TVA', path: declarations },
      },
      {
        path: '/e-reporting',
        load: () => import('./EReporting'),
        menu: { label: 'E-reporting B2C (flux 10.3 et 10.4)', path: declarations },
      },
    ]),
    ...withRight('results.results', [
      {
        path: '/result',
        load: () => import('./ResultScreen'),
        menu: { label: 'Résultats de la période', path: 'Résultats' },
      },
      {
        path: '/result-detail',
        load: () => import('./ResultDetail'),
        menu: { label: 'Détail des résultats', path: 'Résultats' },
      },
      {
        path: '/balance',
        load: () => import('./BalanceScreen'),
        menu: { label: 'Balance des comptes clients', path: 'Résultats' },
      },
    ]),
    ...withRight('booking.booking', [
      {
        path: '/police-note-book',
        load: () => import('./PoliceNoteBook'),
        menu: { label: 'Registre de police', path: 'Réservations' },
      },
    ]),
    ...withRight('stats.stats', [
      {
        path: '/insee-statement',
        load: () => import('./InseeStatement'),
        menu: { label: 'Enquête de fréquentation INSEE', path: 'Statistiques' },
      },
    ]),
  ],
};
