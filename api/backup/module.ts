// Backups as a module: the « Dernière sauvegarde » tile and the backup routes.
import type { DomainModule } from '../domain/module';
import { registerBackupTile } from './tile';
import { BACKUP_ROUTES } from './routes';

export const backupModule: DomainModule = {
  name: 'backup',
  register: registerBackupTile,
  routes: () => BACKUP_ROUTES,
};
