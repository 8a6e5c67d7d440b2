// The grid's stored versions (each one can be consulted) and an older version's fields, read-only.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Chip, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { meta as gridMeta } from '../../common/generated/meta/price-grid';
import { currentGridPath, labelOf, type Row } from './common';
import { cell } from './GridTables';
import { rest } from '../../admin/src/ui';

export function Versions({ gridId, current, shown }: { gridId: number; current: number; shown: number }) {
  const q = useQuery({
    queryKey: ['pricing', 'versions', gridId, current],
    queryFn: () => rest('get', '/pricing/grid/{id}/versions', { path: { id: gridId } }),
  });
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ maxHeight: 320, overflowY: 'auto' }}>
      <Table size="small" aria-label="Historique">
        <TableHead>
          <TableRow>
            {['Version', 'Date', 'Par', 'Modification', ''].map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(q.data ?? []).map((r) => (
            <TableRow key={r.historyVersion} selected={r.historyVersion === shown}>
              <TableCell>
                {r.historyVersion}
                {r.historyVersion === current ? <Chip size="small" label="en cours" sx={{ ml: 1 }} /> : null}
              </TableCell>
              <TableCell sx={cell}>
                {new Date(r.createdAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}
              </TableCell>
              <TableCell>{r.userName ?? ''}</TableCell>
              <TableCell>{r.change ?? ''}</TableCell>
              <TableCell>
                {r.historyVersion !== shown && (
                  <Link
                    component="button"
                    onClick={() =>
                      navigate(
                        r.historyVersion === current
                          ? currentGridPath(gridId)
                          : `/price/grid/${gridId}/0/0/${r.historyVersion}`,
                      )
                    }
                  >
                    Consulter
                  </Link>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
export function ReadOnlyGrid({ grid }: { grid: Row }) {
  const line = (label: string, value: ReactNode) => (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Typography color="text.secondary" sx={{ minWidth: 260 }}>
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {line('Libellé', grid.label)}
      {line('Modèle de prix', labelOf(gridMeta, 'priceModel', grid.priceModel))}
      {line('Modèle de prix des occupants', labelOf(gridMeta, 'occupantPriceModel', grid.occupantPriceModel))}
      {line('Personnes comprises dans le forfait', grid.includedOccupants ?? '—')}
      {line('Partenaires', grid.partnerIds?.length ? grid.partnerIds.join(', ') : 'grille publique')}
      {line('Active', grid.isActive ? 'oui' : 'non')}
    </Paper>
  );
}
