// Meter readings (camp.meter, §2 (docs/screens.md#residential) « Autres séjours »): the entry of a round of readings;
// the list and the single form are generated.
import { withRight, type ScreenArea } from '../../admin/src/ui/registry';

const path = 'Autres séjours/Relevés de compteur';

export const metersArea: ScreenArea = {
  name: 'meters',
  screens: withRight('camp.meter', [
    {
      path: '/meter-reading-creation',
      load: () => import('./MeterReadingCreation'),
      menu: { label: 'Saisie des relevés', path, access: 'write' },
    },
  ]),
  links: [
    { label: 'Liste des relevés', to: '/meter-reading-list', functionality: 'camp.meter', path },
    { label: 'Nouveau relevé', to: '/meter-reading-form/0', functionality: 'camp.meter', access: 'write', path },
  ],
};
