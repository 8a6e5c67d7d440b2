// The shell: app bar (logos — the group's beside the establishment's in group mode
// —, title, the screen's « ? » opening its guide section, a button opening /home in a
// new tab, the user menu), the main menu,
// the page title, and pages kept out of search engines.
import type { ReactNode } from 'react';
import { Box, IconButton, Tooltip } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { AppBar, Layout as RaLayout, TitlePortal } from 'react-admin';
import { Menu } from './Menu';
import { UserMenu } from './UserMenu';
import { HelpButton } from './HelpButton';
import { useEstablishmentHeader, usePageTitle } from './usePageTitle';
import { AuthErrorBridge } from '../auth/AuthErrorBridge';

const LOGO = '/rest/establishment/establishment/getLogo';

function Logos() {
  const { data } = useEstablishmentHeader();
  if (!data?.logo && !data?.groupLogo) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mr: 2 }}>
      {data.logo && (
        <img
          src={`${LOGO}?v=${encodeURIComponent(data.logo)}`}
          alt={data.name ?? 'Logo'}
          style={{ height: 32, maxWidth: 120, objectFit: 'contain', background: '#fff', borderRadius: 4 }}
        />
      )}
      {data.groupLogo && (
        <img
          src={`${LOGO}?kind=group&v=${encodeURIComponent(data.groupLogo)}`}
          alt={data.groupName ?? 'Logo du groupe'}
          style={{ height: 32, maxWidth: 120, objectFit: 'contain', background: '#fff', borderRadius: 4 }}
        />
      )}
    </Box>
  );
}

function Bar() {
  return (
    <AppBar color="primary" userMenu={<UserMenu />}>
      <Logos />
      <TitlePortal />
      <HelpButton />
      <Tooltip title="Ouvrir l'accueil dans un nouvel onglet">
        <IconButton
          color="inherit"
          aria-label="Ouvrir l'accueil dans un nouvel onglet"
          onClick={() => window.open('/home', '_blank', 'noopener')}
        >
          <OpenInNewIcon />
        </IconButton>
      </Tooltip>
    </AppBar>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  usePageTitle();
  return (
    <RaLayout appBar={Bar} menu={Menu}>
      <AuthErrorBridge />
      {children}
    </RaLayout>
  );
}
