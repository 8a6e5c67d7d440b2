// The frame of a hand-written screen: its title (also the browser tab's), its actions,
// and a row of form inputs side by side.
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';

export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ p: 2 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}

/** A row of form inputs side by side (react-admin inputs are full width by default). */
export function FormRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        width: '100%',
        '& > *': { flex: '1 1 200px', maxWidth: 360 },
        '& .MuiFormControl-root': { width: '100%' },
      }}
    >
      {children}
    </Box>
  );
}
