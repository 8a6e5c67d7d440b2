// The main menu of §2 (docs/screens.md#admin), built on the server for the logged-in user: every screen
// with a menu place (generated resources' x-menu, the screen registries' entries) that
// the user may read, as a tree of nodes (top-level sections, submenus), headers
// (second level and below, clickable as a context with key `menu-context-<id>`)
// and items (key = route without its leading slash: "menu keys navigate to '/'
// plus the key"). Header custom names (header-custom-name) replace labels.
import type { Knex } from 'knex';
import { ENTITY_METAS } from '../../../common/generated/meta/index';
import { SCREEN_MENU } from '../../../common/generated/screen-menu';
import type { MenuEntry, MenuGroup, MenuLeaf } from '../../../common/menu-tree';
import { holds, type SessionUser } from '../../auth/access';
import { sectionRank, taskPlace } from '../../../common/menu-tasks';

export type { MenuEntry, MenuGroup, MenuItem } from '../../../common/menu-tree';

/** FNV-1a of the path, positive 31-bit: stable across restarts and new entries. */
export function contextIdOf(path: string): number {
  let h = 0x811c9dc5;
  for (const ch of path) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h & 0x7fffffff || 1;
}

const fillRoute = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => (name === 'page' || name === 'tab' ? 'general' : '0'));

/** Every menu leaf of the application, before rights. A custom leaf for a generated list's route takes its place. */
export function allLeaves(): MenuLeaf[] {
  const custom = new Set(SCREEN_MENU.map((l) => l.to));
  const fromEntities: MenuLeaf[] = ENTITY_METAS.filter((m) => m.generatedAdmin && m.menu).map((m) => ({
    label: m.label.many,
    to: fillRoute(m.routes.list),
    functionality: m.functionality,
    path: m.menu!,
  }));
  return [...fromEntities.filter((l) => !custom.has(l.to)), ...SCREEN_MENU];
}

/** Every group path of the menu ("Fichiers", "Fichiers/Géographie"…), for renaming. */
export function allHeaderPaths(): string[] {
  const paths = new Set<string>();
  for (const l of allLeaves()) {
    const parts = taskPlace(l).path.split('/');
    for (let i = 1; i <= parts.length; i++) paths.add(parts.slice(0, i).join('/'));
  }
  return [...paths].sort((a, b) => a.localeCompare(b, 'fr'));
}

export function visibleLeaves(user: SessionUser): MenuLeaf[] {
  return allLeaves().filter(
    (l) =>
      // An entry follows the right of what it leads to: a screen that creates needs write.
      (!l.functionality || holds(user, l.functionality, l.access ?? 'read')) &&
      (!l.adminOnly || user.isAdmin) &&
      (!l.systemOnly || user.isSystem),
  );
}

export function buildMenu(leaves: MenuLeaf[], customNames: Map<string, string>): MenuEntry[] {
  const root: MenuGroup = {
    type: 'node',
    key: 'root',
    path: '',
    label: '',
    defaultLabel: '',
    contextId: 0,
    clickable: false,
    children: [],
  };
  // Each screen where the task menu puts it (common/menu-tasks.ts), most frequent first.
  const rank = new Map<string, number>();
  for (const leaf of leaves) {
    let at = root;
    const place = taskPlace(leaf);
    rank.set(leaf.to, Math.min(rank.get(leaf.to) ?? Infinity, place.rank));
    const parts = place.path.split('/');
    parts.forEach((part, i) => {
      const path = parts.slice(0, i + 1).join('/');
      let g = at.children.find((c): c is MenuGroup => c.type !== 'item' && c.path === path);
      if (!g) {
        const contextId = contextIdOf(path);
        const header = i > 0;
        g = {
          type: header ? 'header' : 'node',
          key: header ? `menu-context-${contextId}` : `menu-node-${contextId}`,
          path,
          label: customNames.get(path) ?? part,
          defaultLabel: part,
          contextId,
          clickable: header,
          children: [],
        };
        at.children.push(g);
      }
      at = g;
    });
    const route = leaf.to;
    if (!at.children.some((c) => c.type === 'item' && c.route === route)) {
      at.children.push({ type: 'item', key: route.replace(/^\//, ''), label: leaf.label, route });
    }
  }
  const sortRec = (g: MenuGroup) => {
    // A section's own screens first (by rank, then name), then its headers.
    g.children.sort((a, b) => {
      if (a.type === 'item' && b.type !== 'item') return -1;
      if (a.type !== 'item' && b.type === 'item') return 1;
      if (a.type === 'item' && b.type === 'item')
        return (rank.get(a.route) ?? 0) - (rank.get(b.route) ?? 0) || a.label.localeCompare(b.label, 'fr');
      return a.label.localeCompare(b.label, 'fr');
    });
    for (const c of g.children) if (c.type !== 'item') sortRec(c);
  };
  sortRec(root);
  root.children.sort(
    (a, b) =>
      sectionRank((a as MenuGroup).defaultLabel) - sectionRank((b as MenuGroup).defaultLabel) ||
      a.label.localeCompare(b.label, 'fr'),
  );
  return [{ type: 'item', key: 'home', label: 'Accueil', route: '/home' }, ...root.children];
}

export async function menuFor(knex: Knex, user: SessionUser): Promise<MenuEntry[]> {
  const rows: { headerKey: string; customName: string }[] = await knex('header_custom_name').select(
    'headerKey',
    'customName',
  );
  return buildMenu(visibleLeaves(user), new Map(rows.map((r) => [r.headerKey, r.customName])));
}
