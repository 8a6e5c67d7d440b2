// Extra buttons of generated edit screens, by entity (beside Save, Back and Delete),
// each loaded on demand: what a schema cannot say, e.g. closing a financial year.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const FORM_ACTIONS: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  'financial-year': lazy(() => import('./pages/establishment/FinancialYearClose')),
};
