// Statistics (§2 (docs/screens.md#statistics) Statistics, right « stats »): the screens drawn from the statistics
// tables (api/domain/statistics), their definitions, parameters and regeneration.
import { named, withRight, type ScreenArea } from '../../admin/src/ui/registry';

const path = 'Statistiques';
const screens = () => import('./Screens');

export const statisticsArea: ScreenArea = {
  name: 'statistics',
  screens: withRight('stats.stats', [
    {
      path: '/stats/daily-activity',
      load: named(screens, 'DailyActivity'),
      menu: { label: 'Activité journalière', path },
    },
    {
      path: '/stats/revenue',
      load: named(screens, 'RevenueEvolution'),
      menu: { label: "Évolution du chiffre d'affaires", path },
    },
    {
      path: '/stats/layout-filling',
      load: named(screens, 'LayoutFilling'),
      menu: { label: 'Remplissage par zone', path },
    },
    {
      path: '/stats/details',
      load: named(screens, 'StatisticalDetails'),
      menu: { label: 'Détails statistiques', path },
    },
    {
      path: '/stats/nights-per-place',
      load: named(screens, 'NightsPerPlace'),
      menu: { label: 'Nuitées par emplacement', path },
    },
    { path: '/revpar', load: named(screens, 'Revpar'), menu: { label: 'RevPAR et occupation', path } },
    {
      path: '/stats/booking-lead-time',
      load: named(screens, 'LeadTime'),
      menu: { label: 'Délai de réservation et rythme', path },
    },
    { path: '/stats/map', load: named(screens, 'GeographicMaps'), menu: { label: 'Cartes géographiques', path } },
    {
      path: '/stats/manager-sales',
      load: named(screens, 'ManagerSales'),
      menu: { label: 'Ventes par gestionnaire', path },
    },
    {
      path: '/stats/parameters',
      load: () => import('./Parameters'),
      menu: { label: 'Paramètres et régénération', path },
    },
    {
      path: '/stats/informations',
      load: () => import('./Informations'),
      menu: { label: 'Définitions des statistiques', path },
    },
  ]),
};
