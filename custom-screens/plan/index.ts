// The site plan (camp.plan).
import { withRight, type ScreenArea } from '../../admin/src/ui/registry';

export const planArea: ScreenArea = {
  name: 'plan',
  screens: withRight('camp.plan', [
    { path: '/plan', load: () => import('./PlanScreen'), menu: { label: 'Plan du camping', path: 'Plan' } },
  ]),
};
