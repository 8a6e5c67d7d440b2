// The shape of the main menu tree the server builds for a user (api/domain/security/menu.ts)
// and the admin draws (admin/src/layout/Menu.tsx), and of the leaves it is built from.

/**
 * A menu entry of a screen: the generated ones' from their schema's x-menu, the hand-written ones' from the screen
 * registries (common/generated/screen-menu.ts).
 */
export interface MenuLeaf {
  label: string;
  to: string;
  functionality?: string;
  /** the right the screen needs on its functionality (default read): a screen that creates asks write */
  access?: 'read' | 'write';
  /** place in the menu: "Section" or "Section/Header" */
  path: string;
  /** shown to administrators only */
  adminOnly?: boolean;
  /** shown to the technical (system) user only */
  systemOnly?: boolean;
}

export interface MenuItem {
  type: 'item';
  key: string;
  label: string;
  route: string;
}
export interface MenuGroup {
  type: 'node' | 'header';
  key: string;
  /** "Fichiers/Géographie": what header-custom-name records name */
  path: string;
  label: string;
  defaultLabel: string;
  /** numeric parent context (stable: derived from the path) */
  contextId: number;
  clickable: boolean;
  children: MenuEntry[];
}
export type MenuEntry = MenuItem | MenuGroup;

/** Where a screen stands in the menu: its label and place ("Section" or "Section/Header"). */
export interface ScreenMenu {
  label: string;
  path: string;
  /** the address the entry opens, when the route has parameters (default: the route) */
  to?: string;
  /** the right the entry needs on its functionality (default read): a screen that creates asks write */
  access?: 'read' | 'write';
  /** a functionality other than the screen's (a screen open to everyone shown to some) */
  functionality?: string;
  adminOnly?: boolean;
  systemOnly?: boolean;
}

/** What the menu reads of a screen area (admin/src/ui/registry.ts's ScreenArea). */
export interface MenuSource {
  screens: { path: string; functionality: string | null; menu?: ScreenMenu }[];
  /** entries of the area that lead to generated screens */
  links?: MenuLeaf[];
}

/** The menu entries of the areas, in their order: each area's screens, then its links. */
export function menuLeaves(areas: readonly MenuSource[]): MenuLeaf[] {
  return areas.flatMap((a) => [
    ...a.screens
      .filter((s) => s.menu)
      .map((s): MenuLeaf => {
        const { label, path, to, access, functionality, adminOnly, systemOnly } = s.menu!;
        return {
          label,
          to: to ?? s.path,
          functionality: functionality ?? s.functionality ?? undefined,
          path,
          ...(access ? { access } : {}),
          ...(adminOnly ? { adminOnly } : {}),
          ...(systemOnly ? { systemOnly } : {}),
        };
      }),
    ...(a.links ?? []),
  ]);
}
