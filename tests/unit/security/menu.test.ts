// The main menu tree (§2, docs/screens.md#admin): nodes, clickable context headers with stable ids and
// custom names, items keyed by their route; menu keys; the leave guard's rule.
import { describe, expect, it } from 'vitest';
import { buildMenu, contextIdOf, type MenuGroup } from '../../../api/domain/security/menu';
import { taskPlace } from '../../../common/menu-tasks';
import { menuItems, searchMenu } from '../../../admin/src/layout/MenuSearch';
import { menuKeyAction } from '../../../admin/src/layout/menuContext';
import { isLeaving } from '../../../admin/src/layout/useLeaveGuard';

const leaves = [
  { label: 'Pays', to: '/country-list', path: 'Fichiers/Géographie' },
  { label: 'Villes', to: '/town-list/0/0', path: 'Fichiers/Géographie' },
  { label: 'Zones', to: '/layout-list', path: 'Fichiers/Hébergements' },
  { label: 'Utilisateurs', to: '/admin/user-list', path: 'Admin/Accès' },
  { label: 'Démo', to: '/init-demo', path: 'Admin' },
  { label: 'Planning', to: '/planning', path: 'Planning' },
  { label: 'Inconnu', to: '/x-list', path: 'Autre rubrique' },
];

describe('buildMenu', () => {
  const menu = buildMenu(leaves, new Map([['Paramètres/Géographie', 'Lieux']]));
  it('starts with home, then the task sections in order, unknown ones before Paramètres', () => {
    expect(menu[0]).toEqual({ type: 'item', key: 'home', label: 'Accueil', route: '/home' });
    expect(menu.slice(1).map((e) => e.label)).toEqual(['Réception', 'Autre rubrique', 'Paramètres', 'Admin']);
  });

  it('makes sections nodes and second levels clickable context headers, renamed when asked', () => {
    const files = menu[3] as MenuGroup;
    expect(files).toMatchObject({ type: 'node', clickable: false, key: `menu-node-${contextIdOf('Paramètres')}` });
    expect(files.children.map((c) => c.label)).toEqual(['Hébergements', 'Lieux']);
    const geo = files.children[1] as MenuGroup;
    expect(geo).toMatchObject({
      type: 'header',
      clickable: true,
      label: 'Lieux',
      defaultLabel: 'Géographie',
      path: 'Paramètres/Géographie',
      contextId: contextIdOf('Paramètres/Géographie'),
    });
    expect(geo.key).toBe(`menu-context-${geo.contextId}`);
    expect(geo.children).toEqual([
      { type: 'item', key: 'country-list', label: 'Pays', route: '/country-list' },
      { type: 'item', key: 'town-list/0/0', label: 'Villes', route: '/town-list/0/0' },
    ]);
    const admin = menu.at(-1) as MenuGroup;
    expect(admin.children.map((c) => c.type)).toEqual(['item', 'header']);
  });

  it('puts the screens of a task most frequent first, not in alphabetical order', () => {
    const desk = buildMenu(
      [
        { label: 'Planning', to: '/planning', path: 'Planning' },
        { label: 'Nouvelle réservation', to: '/new-booking', path: 'Réservations' },
        { label: 'Départs', to: '/booking-departure-list', path: 'Réservations' },
        { label: 'Arrivées', to: '/booking-arrival-list', path: 'Réservations' },
        { label: 'Séjours', to: '/booking-list/0', path: 'Réservations' },
      ],
      new Map(),
    );
    expect(desk.slice(1).map((e) => e.label)).toEqual(['Réception', 'Séjours']);
    expect((desk[1] as MenuGroup).children.map((c) => c.label)).toEqual([
      'Arrivées',
      'Départs',
      'Nouvelle réservation',
      'Planning',
    ]);
  });
});

describe('taskPlace', () => {
  it('places a named screen in its task, and any other by its subject', () => {
    expect(taskPlace({ to: '/closure', path: 'Facturation/Clôtures' })).toEqual({
      path: 'Clôtures et déclarations',
      rank: 0,
    });
    expect(taskPlace({ to: '/accounts', path: 'Facturation/Comptabilité' }).path).toBe(
      'Clôtures et déclarations/Comptabilité',
    );
    expect(taskPlace({ to: '/x-list', path: 'Fichiers/Tarifs' }).path).toBe('Paramètres/Tarifs');
    expect(taskPlace({ to: '/y-list', path: 'Statistiques' }).path).toBe('Statistiques');
  });
});

describe('searchMenu', () => {
  const items = menuItems(buildMenu(leaves, new Map()));
  it('finds a screen by three letters of its name or section, accents and case aside', () => {
    expect(searchMenu(items, 'vil').map((f) => f.key)).toEqual(['town-list/0/0']);
    expect(searchMenu(items, 'GEO').map((f) => f.label)).toEqual(['Pays', 'Villes']);
    expect(searchMenu(items, 'pla')[0]).toMatchObject({ label: 'Planning', where: 'Réception' });
    expect(searchMenu(items, 'p')).toEqual([]);
    expect(searchMenu(items, 'zzz')).toEqual([]);
  });
});

describe('context ids', () => {
  it('gives stable, positive context ids', () => {
    expect(contextIdOf('Fichiers/Géographie')).toBe(contextIdOf('Fichiers/Géographie'));
    expect(contextIdOf('Fichiers/Géographie')).not.toBe(contextIdOf('Fichiers/Hébergements'));
    expect(contextIdOf('')).toBeGreaterThan(0);
  });
});

describe('menu keys', () => {
  it('navigate to "/" plus the key; context keys and home reload /home', () => {
    expect(menuKeyAction('country-list')).toEqual({ reload: false, to: '/country-list' });
    expect(menuKeyAction('admin/user-list')).toEqual({ reload: false, to: '/admin/user-list' });
    expect(menuKeyAction('menu-context-42')).toEqual({ reload: true, context: 42 });
    expect(menuKeyAction('home')).toEqual({ reload: true, context: null });
  });
});

describe('leave guard', () => {
  it('blocks leaving for another page only while guarded', () => {
    expect(isLeaving(true, { pathname: '/home' }, { pathname: '/country-list' })).toBe(true);
    expect(isLeaving(true, { pathname: '/home' }, { pathname: '/home' })).toBe(false);
    expect(isLeaving(false, { pathname: '/home' }, { pathname: '/country-list' })).toBe(false);
  });
});
