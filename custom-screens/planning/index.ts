// The plannings (camp.planning): places × days, the equipment and extras, the cleaning tasks.
import { withRight, type ScreenArea } from '../../admin/src/ui/registry';

export const planningArea: ScreenArea = {
  name: 'planning',
  screens: withRight('camp.planning', [
    { path: '/planning', load: () => import('./PlanningScreen'), menu: { label: 'Planning', path: 'Planning' } },
    {
      path: '/extra-planning',
      load: () => import('./ExtraPlanningScreen'),
      menu: { label: 'Planning des extras', path: 'Planning' },
    },
    {
      path: '/cleanning-planning',
      load: () => import('./CleaningPlanningScreen'),
      menu: { label: 'Planning ménage', path: 'Planning' },
    },
  ]),
};
