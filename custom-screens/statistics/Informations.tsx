// /stats/informations — every definition of the statistics in one page.
import { Typography } from '@mui/material';
import { Page } from '../../admin/src/ui';
import { COMMON_HELP, HELP } from './help';
import { SCREEN_TITLES } from './titles';

export default function Informations() {
  return (
    <Page title="Statistiques : définitions">
      {COMMON_HELP.map((t) => (
        <Typography key={t} sx={{ mb: 1 }}>
          {t}
        </Typography>
      ))}
      {Object.entries(HELP).map(([name, lines]) => (
        <div key={name}>
          <Typography variant="h6" sx={{ mt: 2 }}>
            {SCREEN_TITLES[name]}
          </Typography>
          {lines.map((t) => (
            <Typography key={t} sx={{ mb: 0.5 }}>
              {t}
            </Typography>
          ))}
        </div>
      ))}
    </Page>
  );
}
