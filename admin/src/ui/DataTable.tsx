// A plain table of rows for hand-written screens: a click on a row opens it, the last
// clicked row stays highlighted and scrolled into view, and optional columns are
// added by the user through « Colonnes » (remembered per table).
import { useEffect, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  LinearProgress,
  Menu,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useStore } from 'react-admin';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';

// The loose row of hand-written tables (columns read fields by key); typed reads (records, rest())
// keep their own types. Narrowing every screen's rows is what remains of issue 23 §2 (docs/history.md#issue-23).
/** A row as the API answers it (the screens read the fields they show). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

export interface Column {
  key: string;
  label: string;
  render?: (row: Row) => ReactNode;
  align?: 'right' | 'left' | 'center';
  /** shown only when chosen in « Colonnes » (keeps the table within 1 366 px) */
  optional?: boolean;
}

/** « Colonnes »: the optional columns a user adds to a table, remembered per table. */
function ColumnChooser({
  name,
  columns,
  shown,
  setShown,
}: {
  name: string;
  columns: Column[];
  shown: string[];
  setShown: (v: string[]) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const optional = columns.filter((c) => c.optional);
  if (!optional.length) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={`columns-${name}`}
      >
        Colonnes
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {optional.map((c) => (
          <MenuItem
            key={c.key}
            dense
            onClick={() => setShown(shown.includes(c.key) ? shown.filter((k) => k !== c.key) : [...shown, c.key])}
          >
            <Checkbox size="small" checked={shown.includes(c.key)} sx={{ p: 0.5, mr: 1 }} />
            {c.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** A plain table; a click on a row opens it; the last clicked row stays highlighted (§2, docs/screens.md). */
export function DataTable({
  name,
  columns,
  rows,
  loading,
  onOpen,
  empty = 'Aucun élément',
  rowKey = 'id',
}: {
  name: string;
  columns: Column[];
  rows: Row[] | undefined;
  loading?: boolean;
  onOpen?: (row: Row) => void;
  empty?: string;
  rowKey?: string;
}) {
  const [selected, setSelected] = useStore<unknown>(`bivouac.selected.${name}`, null);
  const [shown, setShown] = useStore<string[]>(`bivouac.columns.${name}`, []);
  const all = columns;
  columns = all.filter((c) => !c.optional || shown.includes(c.key));
  useEffect(() => {
    const t = setTimeout(
      () =>
        document.querySelector(`[data-table="${name}"] tr[data-selected="true"]`)?.scrollIntoView({ block: 'nearest' }),
      100,
    );
    return () => clearTimeout(t);
  }, [rows, name]);
  return (
    <>
      {all.some((c) => c.optional) && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>
          <ColumnChooser name={name} columns={all} shown={shown} setShown={setShown} />
        </Box>
      )}
      <TableContainer component={Paper} data-table={name}>
        {loading && <LinearProgress />}
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((r) => (
              <TableRow
                key={r[rowKey]}
                hover
                data-selected={r[rowKey] === selected ? 'true' : undefined}
                selected={r[rowKey] === selected}
                onClick={() => {
                  setSelected(r[rowKey]);
                  onOpen?.(r);
                }}
                sx={{ cursor: onOpen ? 'pointer' : undefined }}
              >
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>
                    {c.render ? c.render(r) : (r[c.key] ?? '')}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {!loading && !rows?.length && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography variant="body2" color="text.secondary">
                    {empty}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
