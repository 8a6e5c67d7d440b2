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
