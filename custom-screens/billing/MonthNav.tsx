// Previous / next month links of the monthly screens (/deposit-list/{yearMonth}, …).
import { useNavigate } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { todayParis } from '../../common/dates';

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

export function shiftMonth(yearMonth: string, by: number): string {
  const [y, m] = yearMonth.split('-').map(Number);
  const i = y * 12 + (m - 1) + by;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/** The month of the route; « current » (the menu's link) is this month. */
export const monthParam = (raw: string | undefined) => (!raw || raw === 'current' ? todayParis().slice(0, 7) : raw);

export const monthLabel = (yearMonth: string) =>
  `${MONTHS[Number(yearMonth.slice(5, 7)) - 1] ?? ''} ${yearMonth.slice(0, 4)}`;

export function MonthNav({ base, yearMonth }: { base: string; yearMonth: string }) {
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
      <Button onClick={() => navigate(`${base}/${shiftMonth(yearMonth, -1)}`)}>Mois précédent</Button>
      <Typography variant="h6" component="span" data-testid="month-label">
        {monthLabel(yearMonth)}
      </Typography>
      <Button onClick={() => navigate(`${base}/${shiftMonth(yearMonth, 1)}`)}>Mois suivant</Button>
    </Box>
  );
}
