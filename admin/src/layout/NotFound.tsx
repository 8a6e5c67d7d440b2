import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <Box sx={{ p: 6, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Page non trouvée
      </Typography>
      <Typography sx={{ mb: 3 }}>Cette page n'existe pas.</Typography>
      <Button component={Link} to="/home" variant="contained">
        Retour à l'accueil
      </Button>
    </Box>
  );
}
