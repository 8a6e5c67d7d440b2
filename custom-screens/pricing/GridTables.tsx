// The grid version's periods and its options with their price per period, read-only
// tables whose rows lead to the period and option screens.
import { Link as RouterLink } from 'react-router-dom';
import { Link, Paper, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { meta as gridMeta } from '../../common/generated/meta/price-grid';
import { meta as periodMeta } from '../../common/generated/meta/price-grid-period';
import { meta as optionMeta } from '../../common/generated/meta/price-grid-option';
import { dateFr, euros, labelOf, optionPath, periodPath, weekdays, type Row } from './common';
import { itemOf, type GridVersion } from './gridModel';

export const cell = { whiteSpace: 'nowrap' } as const;
export function PeriodsTable({ v }: { v: GridVersion }) {
  const { grid, periods, historyVersion } = v;
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Périodes">
        <TableHead>
          <TableRow>
            {[
              'Libellé',
              'Type',
              'Du',
              'Au (exclu)',
              'Arrivée',
              'Départ',
              'Nuits min.',
              'Prix / nuit',
              'Semaine',
              'Séjour',
              '1re nuit',
              'Nuit supp.',
            ].map((h) => (
              <TableCell key={h} sx={cell}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {periods.map((p) => (
            <TableRow key={p.id} hover>
              <TableCell sx={cell}>
                <Link component={RouterLink} to={periodPath(p.id, grid.id, historyVersion)}>
                  {p.label}
                </Link>
              </TableCell>
              <TableCell>{labelOf(periodMeta, 'periodType', p.periodType)}</TableCell>
              <TableCell sx={cell}>{dateFr(p.startDate)}</TableCell>
              <TableCell sx={cell}>{dateFr(p.endDate)}</TableCell>
              <TableCell>{weekdays(p.arrivalDays)}</TableCell>
              <TableCell>{weekdays(p.departureDays)}</TableCell>
              <TableCell sx={cell}>
                {p.minNights
                  ? `${labelOf(periodMeta, 'minNightsOperator', p.minNightsOperator).toLowerCase()} ${p.minNights}`
                  : ''}
              </TableCell>
              {['pricePerNight', 'pricePerWeek', 'pricePerStay', 'firstNightPrice', 'extraNightPrice'].map((f) => (
                <TableCell key={f} align="right" sx={cell} data-field={f}>
                  {euros(p[f])}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {!periods.length && (
            <TableRow>
              <TableCell colSpan={12}>Aucune période : la grille ne donne encore aucun prix.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
export function OptionsTable({ v }: { v: GridVersion }) {
  const { grid, periods, options, prices, historyVersion } = v;
  const price = (o: Row, p: Row) => prices.find((x) => x.priceGridOptionId === o.id && x.priceGridPeriodId === p.id);
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Options">
        <TableHead>
          <TableRow>
            {['Option', 'Prestation', 'Obligatoire', 'Qté incluse', 'Unité'].map((h) => (
              <TableCell key={h} sx={cell}>
                {h}
              </TableCell>
            ))}
            {periods.map((p) => (
              <TableCell key={p.id} align="right" sx={cell}>
                {p.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {options.map((o) => (
            <TableRow key={o.id} hover>
              <TableCell sx={cell}>
                <Link component={RouterLink} to={optionPath(o.id, grid.id, historyVersion)}>
                  {o.label || `Option ${o.id}`}
                </Link>
              </TableCell>
              <TableCell>{itemOf(o)}</TableCell>
              <TableCell>{o.isRequired ? 'oui' : ''}</TableCell>
              <TableCell align="right">{o.includedQuantity || ''}</TableCell>
              <TableCell>
                {o.ageCategoryId
                  ? labelOf(gridMeta, 'occupantPriceModel', grid.occupantPriceModel)
                  : labelOf(optionMeta, 'priceUnit', o.priceUnit)}
              </TableCell>
              {periods.map((p) => {
                const x = price(o, p);
                return (
                  <TableCell key={p.id} align="right" sx={cell}>
                    {x ? euros(x.price) : '—'}
                    {x?.slices?.length ? ' (tranches)' : ''}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          {!options.length && (
            <TableRow>
              <TableCell colSpan={5 + periods.length}>
                Aucune option : occupants, extras, animaux et véhicules sont gratuits.
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
