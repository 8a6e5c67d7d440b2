import { Box, CircularProgress, Typography } from '@mui/material';

/** The waiting screen (/waiting, and while the application loads). */
export function Waiting() {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '60vh',
        gap: 2,
      }}
    >
      <CircularProgress color="primary" />
      <Typography>Veuillez patienter…</Typography>
    </Box>
  );
}
