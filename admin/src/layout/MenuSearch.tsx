// « Rechercher un écran » at the top of the main menu (issue 29 §4, docs/history.md#issue-29): every screen the
// user may open (the menu tree the server built for them), found by a few letters of its
// name or section, accents and case aside. Enter opens the first match (or the one chosen
// with the arrows); Escape clears. The menu keys themselves keep working as before.
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { List, ListItemButton, ListItemText, TextField } from '@mui/material';
import type { MenuEntry } from '../../../common/menu-tree';
import { openMenuKey } from './menuContext';

interface Found {
  key: string;
  label: string;
  where: string;
  text: string;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Every item of the tree with the sections above it, for searching. */
export function menuItems(entries: MenuEntry[], where: string[] = []): Found[] {
  return entries.flatMap((e) =>
    e.type === 'item'
      ? [{ key: e.key, label: e.label, where: where.join(' › '), text: fold(`${e.label} ${where.join(' ')}`) }]
      : menuItems(e.children, [...where, e.label]),
  );
}

/** The items matching every word typed (2 letters at least), those whose name starts with the first word first. */
export function searchMenu(items: Found[], typed: string, max = 8): Found[] {
  const words = fold(typed).split(/\s+/).filter(Boolean);
  if (words.join('').length < 2) return [];
  const hits = items.filter((i) => words.every((w) => i.text.includes(w)));
  const starts = (i: Found) => (fold(i.label).startsWith(words[0]) ? 0 : 1);
  return hits.sort((a, b) => starts(a) - starts(b) || a.label.localeCompare(b.label, 'fr')).slice(0, max);
}

export function MenuSearch({ entries }: { entries: MenuEntry[] }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState(0);
  const items = useMemo(() => menuItems(entries), [entries]);
  const found = searchMenu(items, typed);
  const open = (f: Found | undefined) => {
    if (!f) return;
    setTyped('');
    openMenuKey(f.key, navigate);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') open(found[chosen] ?? found[0]);
    else if (e.key === 'Escape') setTyped('');
    else if (e.key === 'ArrowDown') setChosen((c) => Math.min(c + 1, found.length - 1));
    else if (e.key === 'ArrowUp') setChosen((c) => Math.max(c - 1, 0));
    else return;
    e.preventDefault();
  };
  return (
    <>
      <TextField
        size="small"
        placeholder="Rechercher un écran"
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          setChosen(0);
        }}
        onKeyDown={onKey}
        slotProps={{ htmlInput: { 'aria-label': 'Rechercher un écran', 'data-testid': 'menu-search' } }}
        sx={{ mx: 1.5, my: 1, width: 'calc(100% - 24px)' }}
      />
      {found.length > 0 && (
        <List dense disablePadding aria-label="Écrans trouvés">
          {found.map((f, i) => (
            <ListItemButton key={f.key} selected={i === chosen} onClick={() => open(f)} sx={{ pl: 2.5 }}>
              <ListItemText primary={f.label} secondary={f.where} slotProps={{ secondary: { sx: { fontSize: 11 } } }} />
            </ListItemButton>
          ))}
        </List>
      )}
      {typed.trim().length >= 2 && found.length === 0 && (
        <ListItemText sx={{ px: 2.5, color: 'text.secondary' }} primary="Aucun écran ne correspond" />
      )}
    </>
  );
}
