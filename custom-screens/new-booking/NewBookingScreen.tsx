// /new-booking and /new-booking/{activeKey}/{bookingId}/{tempBookingId}/{occupancyId}/
// {tempOccupancyId}/{customerId}/{statusId}: the booking wizard. Dates and persons →
// free places with their prices → customer → occupants' extras → price breakdown →
// down payment and save as quote, option or booking. From the place step on, a
// TEMPORARY booking holds the place (stays module, "create temporary") and each step
// saves into it; the route's parameters follow (so a reload resumes). Leaving before
// the save asks for confirmation (§2, docs/screens.md#bookings-and-customers) and abandons the temporary booking
// (stateId 2). Query parameters placeId, startDate, endDate pre-fill the first steps (planning).
// With a bookingId and an occupancyId, the wizard edits that occupancy of that booking
// (dates, place, occupants, options, manual prices) and saves it back at the end.
// Prices are the server's: each step's price is its preview of the occupancy as it
// would be saved (POST /rest/occupancy/{id}/quote); no total is ever sent.
import { useLocation } from 'react-router-dom';
import { Alert, Box } from '@mui/material';
import { Title } from 'react-admin';
import { useCan, useCurrentUser } from '../../admin/src/ui';
import { Wizard } from './Wizard';

export default function NewBookingScreen() {
  // A fresh wizard on every navigation to the route (e.g. « Nouvelle réservation » after a save).
  // Guarded by booking.booking where the route is declared (./index.ts).
  const location = useLocation();
  // The wizard writes stays from its second step: a read-only user is told at once, not at step 3.
  const { isPending } = useCurrentUser();
  const canWrite = useCan('booking.booking', 'write');
  if (isPending) return null;
  if (!canWrite) {
    return (
      <Box sx={{ p: 2 }}>
        <Title title="Nouvelle réservation" />
        <Alert severity="warning" data-testid="nb-no-right">
          Droit insuffisant : créer ou modifier un séjour demande le droit de modification sur les réservations.
        </Alert>
      </Box>
    );
  }
  return <Wizard key={location.key} />;
}
