// The shape of the main menu tree the server builds for a user (api/domain/security/menu.ts)
// and the admin draws (admin/src/layout/Menu.tsx).

export interface MenuItem { type: 'item'; key: string; label: string; route: string }
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
