// The « ? » of every screen: opens, in a new tab, the user guide's section that
// explains the screen shown (common/guide-sections.ts maps addresses to sections).
import { IconButton, Tooltip } from '@mui/material';
import HelpIcon from '@mui/icons-material/HelpOutline';
import { useLocation } from 'react-router-dom';
import { guideSectionFor } from '../../../common/guide-sections';
import { DOCUMENTATION_URL } from './UserMenu';

export function HelpButton() {
  const section = guideSectionFor(useLocation().pathname);
  // The section's title in the tooltip only: an accessible name holding « caisse » or « réservation »
  // would be found by the screen's own fields' labels (a form's « Caisse » select).
  return (
    <Tooltip title={`Aide sur cet écran : ${section.title}`}>
      <IconButton
        color="inherit"
        aria-label="Aide sur cet écran"
        data-testid="screen-help"
        onClick={() => window.open(`${DOCUMENTATION_URL}?section=${section.id}`, '_blank', 'noopener')}
      >
        <HelpIcon />
      </IconButton>
    </Tooltip>
  );
}
