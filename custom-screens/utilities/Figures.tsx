// A row of labelled figures above a utility's list.
import { Box, Typography } from '@mui/material';

export function Figures({ items }: { items: [string, string][] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2 }} data-testid="figures">
      {items.map(([label, value]) => (
        <Box key={label}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h6" component="p">
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
