import type { ComponentType } from 'react';

export interface ResourceEntry {
  name: string;
  base: string;
  label: { one: string; many: string; gender: 'm' | 'f' };
  menu: string | null;
  functionality: string;
  routes: { list: string; edit: string; idParam: string };
  representation: string;
  load: null | (() => Promise<{ List: ComponentType; Edit: ComponentType }>);
}
