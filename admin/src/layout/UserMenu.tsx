// The user submenu (§2, docs/screens.md#main-menu): the user's name with an Admin tag, history, e-mail
// history, remote-support download, documentation (PDF in a new tab), the system
// user's items (backup and update, file verification, V1 import — after
// confirmation), and logout with its success alert.
import { forwardRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Chip, Divider, ListItemIcon, ListItemText, MenuItem, Typography, Box } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import MailIcon from '@mui/icons-material/MailOutline';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import SupportIcon from '@mui/icons-material/SupportAgent';
import BackupIcon from '@mui/icons-material/Backup';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import UploadIcon from '@mui/icons-material/Upload';
import LogoutIcon from '@mui/icons-material/Logout';
import { Confirm, UserMenu as RaUserMenu, useLogout, useUserMenu } from 'react-admin';
import { can, useCurrentUser } from '../auth/useCan';
import { LOGGED_OUT_KEY } from '../auth/authProvider';
import { useEstablishmentHeader } from './usePageTitle';
import { routeExists } from './routeExists';

export const DOCUMENTATION_URL = '/rest/establishment/establishment/document';

const Item = forwardRef<HTMLLIElement, { icon: ReactNode; label: string; onClick: () => void }>(
  ({ icon, label, onClick }, ref) => {
    const menu = useUserMenu();
    return (
      <MenuItem
        ref={ref}
        onClick={() => {
          menu?.onClose();
          onClick();
        }}
      >
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    );
  },
);

interface SystemAction {
  label: string;
  icon: ReactNode;
  confirm: string;
  run: () => void;
}

function Items() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: header } = useEstablishmentHeader();
  const [pending, setPending] = useState<SystemAction | null>(null);
  if (!user) return null;
  const system: SystemAction[] = user.systeme
    ? [
        {
          label: 'Sauvegarde et mise à jour',
          icon: <BackupIcon fontSize="small" />,
          confirm: 'La sauvegarde est téléchargée, puis vous êtes déconnecté. Continuer ?',
          run: () => {
            window.location.assign('/rest/establishment/establishment/backup');
            setTimeout(() => {
              sessionStorage.setItem(LOGGED_OUT_KEY, '1');
              logout();
            }, 1500);
          },
        },
        {
          label: 'Sauvegardes et restauration',
          icon: <BackupIcon fontSize="small" />,
          confirm: 'Ouvrir les sauvegardes (automatiques, sur le serveur, restauration) ?',
          run: () => navigate('/backup'),
        },
        ...(routeExists('/verif-file-page')
          ? [
              {
                label: 'Vérification des fichiers',
                icon: <FactCheckIcon fontSize="small" />,
                confirm: 'Lancer la vérification des fichiers ?',
                run: () => navigate('/verif-file-page'),
              },
            ]
          : []),
        ...(routeExists('/import-v1')
          ? [
              {
                label: 'Import V1',
                icon: <UploadIcon fontSize="small" />,
                confirm: "Ouvrir l'import des données de la version 1 ?",
                run: () => navigate('/import-v1'),
              },
            ]
          : []),
      ]
    : [];
  return (
    <>
      <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1 }} data-testid="user-menu-name">
        <Typography variant="subtitle2">{user.name}</Typography>
        {user.admin && <Chip label="Admin" color="secondary" size="small" />}
      </Box>
      <Divider />
      {can(user, 'establishment.users', 'read') && (
        <Item icon={<HistoryIcon fontSize="small" />} label="Historique" onClick={() => navigate('/post-history')} />
      )}
      {routeExists('/email-history-list-page/0') && (
        <Item
          icon={<MailIcon fontSize="small" />}
          label="Historique des e-mails"
          onClick={() => navigate('/email-history-list-page/0')}
        />
      )}
      <Item
        icon={<MenuBookIcon fontSize="small" />}
        label="Documentation"
        onClick={() => window.open(DOCUMENTATION_URL, '_blank', 'noopener')}
      />
      {header?.remoteSupportUrl && (
        <Item
          icon={<SupportIcon fontSize="small" />}
          label="Assistance à distance"
          onClick={() => window.open(header.remoteSupportUrl!, '_blank', 'noopener')}
        />
      )}
      {system.length > 0 && <Divider />}
      {system.map((a) => (
        <Item key={a.label} icon={a.icon} label={a.label} onClick={() => setPending(a)} />
      ))}
      <Divider />
      <Item
        icon={<LogoutIcon fontSize="small" />}
        label="Déconnexion"
        onClick={() => {
          sessionStorage.setItem(LOGGED_OUT_KEY, '1');
          logout();
        }}
      />
      <Confirm
        isOpen={!!pending}
        title={pending?.label ?? ''}
        content={pending?.confirm ?? ''}
        confirm="Continuer"
        cancel="Annuler"
        onConfirm={() => {
          const a = pending;
          setPending(null);
          a?.run();
        }}
        onClose={() => setPending(null)}
      />
    </>
  );
}

export function UserMenu() {
  return (
    <RaUserMenu>
      <Items />
    </RaUserMenu>
  );
}
