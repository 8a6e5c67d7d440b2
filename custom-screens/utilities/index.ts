// The utilities (§2 (docs/screens.md#utilities) Utilities, api/domain/utilities): the file check, the file purge and
// the V1 import of the technical user (user menu), the grid history purge (price grids).
import { withRight, type ScreenArea } from '../../admin/src/ui/registry';

const path = 'Admin/Utilitaires';

export const utilitiesArea: ScreenArea = {
  name: 'utilities',
  screens: [
    ...withRight(null, [
      {
        path: '/verif-file-page',
        load: () => import('./FileCheck'),
        systemOnly: true,
        menu: { label: 'Vérification des fichiers', path, systemOnly: true },
      },
      {
        path: '/purging-files',
        load: () => import('./PurgeFiles'),
        systemOnly: true,
        menu: { label: 'Purge des fichiers', path, systemOnly: true },
      },
      {
        path: '/import-v1',
        load: () => import('./ImportV1'),
        systemOnly: true,
        menu: { label: 'Import V1', path, systemOnly: true },
      },
    ]),
    ...withRight('stay.price', [
      {
        path: '/purge-grid-history',
        load: () => import('./PurgeGridHistory'),
        menu: { label: "Purge de l'historique des grilles", path },
      },
    ]),
    // One establishment per installation: the screen says why and shows what a second one would take over.
    ...withRight('establishment.company', [
      { path: '/establishment/establishment/add', load: () => import('./EstablishmentAdd') },
    ]),
  ],
};
