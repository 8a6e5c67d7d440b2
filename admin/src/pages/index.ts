// The admin's own screens (admin/src/pages/): users, rights groups, the establishment,
// settings and stay preferences, header names, modules, the change history, the demo
// data and backups.
import { MODULE_KINDS } from '../../../common/modules';
import { named, withRight, type ScreenArea } from '../ui/registry';

const users = () => import('./security/UserScreens');
const groups = () => import('./security/GroupScreens');
const headers = () => import('./establishment/HeaderCustomNameScreens');
const history = () => import('./history/HistoryScreens');
const modules = () => import('./modules/index');
const stayPreferences = () => import('./preferences/StayPreferences');
const establishment = 'Admin/Établissement';

export const adminArea: ScreenArea = {
  name: 'admin',
  screens: [
    {
      path: '/init-demo',
      load: () => import('./InitDemo'),
      functionality: null,
      adminOnly: true,
      menu: {
        label: 'Données de démonstration',
        path: 'Admin',
        functionality: 'establishment.settings',
        adminOnly: true,
      },
    },
    // The technical user's backups (the API refuses every other user: others are sent home).
    { path: '/backup', load: () => import('./Backup'), functionality: null, systemOnly: true },
    ...withRight('establishment.company', [
      {
        path: '/admin/establishment',
        load: () => import('./establishment/EstablishmentEdit'),
        menu: { label: 'Établissement', path: establishment },
      },
    ]),
    ...withRight('establishment.gateways', [
      { path: '/admin/module-grid', load: modules, menu: { label: 'Modules', path: establishment } },
      ...MODULE_KINDS.flatMap((k) => [k.route, ...(k.editRoute ? [k.editRoute] : [])]).map((path) => ({
        path,
        load: modules,
      })),
    ]),
    ...withRight('establishment.users', [
      {
        path: '/admin/setting',
        load: () => import('./establishment/SettingEdit'),
        menu: { label: 'Paramètres généraux', path: establishment },
      },
      // §2 (docs/screens.md#preferences) /preference/{section}: the stay preferences, one screen with a card per
      // section.
      { path: '/preference', load: stayPreferences },
      {
        path: '/preference/:section',
        load: stayPreferences,
        menu: { label: 'Préférences des séjours', path: establishment, to: '/preference/booking' },
      },
      { path: '/preference/booking/option', load: stayPreferences },
    ]),
    ...withRight('establishment.settings', [
      {
        path: '/admin/header-custom-name-list',
        load: named(headers, 'HeaderCustomNameList'),
        menu: { label: "Noms d'en-têtes du menu", path: establishment },
      },
      { path: '/admin/header-custom-name/:headerCustomNameId', load: named(headers, 'HeaderCustomNameEdit') },
    ]),
    ...withRight('establishment.users', [
      {
        path: '/admin/user-list',
        load: named(users, 'UserList'),
        menu: { label: 'Utilisateurs', path: 'Admin/Accès' },
      },
      { path: '/admin/user/:page/:userId', load: named(users, 'UserEdit') },
      {
        path: '/admin/group-list',
        load: named(groups, 'GroupList'),
        menu: { label: 'Groupes de droits', path: 'Admin/Accès' },
      },
      { path: '/admin/group/:groupId', load: named(groups, 'GroupEdit') },
      {
        path: '/post-history',
        load: named(history, 'HistoryList'),
        menu: { label: 'Historique des modifications', path: 'Admin/Accès' },
      },
      { path: '/post-history/:postHistoryId', load: named(history, 'HistoryShow') },
    ]),
    // A menu context's board lists only what the user may read.
    { path: '/dynamic-board/:parentContextId', load: () => import('./DynamicBoard'), functionality: null },
  ],
};
