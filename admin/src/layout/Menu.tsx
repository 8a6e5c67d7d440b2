// The main menu (§2, docs/screens.md#main-menu), as the server builds it for the logged-in user: nodes
// (sections, open and close), headers (clickable as a context: `menu-context-<id>`
// stores the parent context and reloads /home) and items ('/' + key). The home
// key reloads /home and clears the context.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HomeIcon from '@mui/icons-material/Home';
import { useQuery } from '@tanstack/react-query';
import { Menu as RaMenu, useSidebarState } from 'react-admin';
import type { MenuEntry, MenuGroup } from '../../../common/menu-tree';
import { rest } from '../rest';
import { openMenuKey, parentContext } from './menuContext';
import { MenuSearch } from './MenuSearch';

export type { MenuLeaf } from '../../../common/menu-tree';

export function useMenuTree() {
  return useQuery({
    queryKey: ['menu-tree'],
    queryFn: (): Promise<MenuEntry[]> => rest('get', '/security/menu'),
    staleTime: 60_000,
  });
}

/** The header of a context id, anywhere in the tree. */
export function findContext(entries: MenuEntry[] | undefined, id: number | null): MenuGroup | undefined {
  if (!entries || id === null) return undefined;
  for (const e of entries) {
    if (e.type === 'item') continue;
    if (e.contextId === id && e.type === 'header') return e;
    const inner = findContext(e.children, id);
    if (inner) return inner;
  }
  return undefined;
}

function Group({ g, depth }: { g: MenuGroup; depth: number }) {
  const context = parentContext();
  const [open, setOpen] = useState(() => depth > 0 || findContext(g.children, context) !== undefined);
  const [sidebarOpen] = useSidebarState();
  const navigate = useNavigate();
  const label = sidebarOpen ? g.label : g.label.slice(0, 3);
  if (g.type === 'header') {
    return (
      <>
        <ListItemButton
          dense
          sx={{ pl: 2 + depth * 2, py: 0.25 }}
          selected={g.contextId === context}
          onClick={() => openMenuKey(g.key, navigate)}
          title={`${g.label} : tableau de bord`}
          data-menu-key={g.key}
        >
          <ListItemText
            primary={label}
            slotProps={{
              primary: { sx: { fontSize: 12, fontWeight: 600, textTransform: 'uppercase', color: 'text.secondary' } },
            }}
          />
        </ListItemButton>
        <Entries entries={g.children} depth={depth} />
      </>
    );
  }
  return (
    <>
      <ListItemButton onClick={() => setOpen(!open)} sx={{ pl: 2 + depth * 2 }} dense data-menu-key={g.key}>
        <ListItemText primary={label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <List disablePadding dense>
          <Entries entries={g.children} depth={depth + 1} />
        </List>
      </Collapse>
    </>
  );
}

function Entries({ entries, depth }: { entries: MenuEntry[]; depth: number }) {
  return (
    <>
      {entries.map((e) =>
        e.type === 'item' ? (
          <RaMenu.Item key={e.key} to={`/${e.key}`} primaryText={e.label} sx={{ pl: 3 + depth * 2 }} />
        ) : (
          <Group key={e.key} g={e} depth={depth} />
        ),
      )}
    </>
  );
}

export function Menu() {
  const { data } = useMenuTree();
  const navigate = useNavigate();
  const [sidebarOpen] = useSidebarState();
  const entries = (data ?? []).filter((e) => e.key !== 'home');
  return (
    <RaMenu>
      <Tooltip title={sidebarOpen ? '' : 'Accueil'} placement="right">
        <ListItemButton onClick={() => openMenuKey('home', navigate)} data-menu-key="home">
          <ListItemIcon sx={{ minWidth: 40 }}>
            <HomeIcon />
          </ListItemIcon>
          <ListItemText primary="Accueil" />
        </ListItemButton>
      </Tooltip>
      {sidebarOpen && <MenuSearch entries={entries} />}
      <Entries entries={entries} depth={0} />
    </RaMenu>
  );
}
