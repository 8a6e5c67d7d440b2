// The menu of a place clicked on the plan: its stay, the day's arrival and departure,
// a new booking on it when it is free, the planning at that date.
import { useNavigate } from 'react-router-dom';
import { Menu, MenuItem } from '@mui/material';
import { addDays } from '../../common/dates';
import { newBookingUrl } from '../planning/shared/model';
import { useCan } from '../../admin/src/ui';
import type { PlanPlace } from './planModel';
import type { PlanState } from './usePlan';

export function PlaceMenu({
  state,
  menu,
  onClose,
}: {
  state: PlanState;
  menu: { anchor: HTMLElement; place: PlanPlace } | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const canBook = useCan('booking.booking', 'write');
  const { stateOf, date, nights } = state;
  return (
    <Menu open={!!menu} anchorEl={menu?.anchor} onClose={onClose}>
      {menu &&
        (() => {
          const s = stateOf.get(menu.place.id);
          const items = [];
          if (s?.stay)
            items.push(
              <MenuItem key="open" onClick={() => navigate(`/booking/${s.stay!.bookingId}`)}>
                Ouvrir le séjour {s.stay.code}
                {s.stay.customer ? ` — ${s.stay.customer}` : ''}
              </MenuItem>,
            );
          if (s?.arrival && s.arrival.occupancyId !== s.stay?.occupancyId)
            items.push(
              <MenuItem key="arr" onClick={() => navigate(`/booking/${s.arrival!.bookingId}`)}>
                Arrivée : {s.arrival.code}
              </MenuItem>,
            );
          if (s?.departure)
            items.push(
              <MenuItem key="dep" onClick={() => navigate(`/booking/${s.departure!.bookingId}`)}>
                Départ : {s.departure.code}
              </MenuItem>,
            );
          if (canBook && s && s.state !== 'unavailable' && !s.stay)
            items.push(
              <MenuItem key="new" onClick={() => navigate(newBookingUrl(menu.place.id, date, addDays(date, nights)))}>
                Nouvelle réservation sur {menu.place.code}
              </MenuItem>,
            );
          items.push(
            <MenuItem key="planning" onClick={() => navigate(`/planning?placeId=${menu.place.id}&date=${date}`)}>
              Voir au planning
            </MenuItem>,
          );
          return items;
        })()}
    </Menu>
  );
}
