// Users, settings and sessions as a module: their rules on the generic write path (the
// session cache forgets what a write changes). Their routes are the app's own (api/app.ts).
import type { DomainModule } from '../domain/module';
import { registerUserRules } from './users';
import { registerSettingRules } from './settings';
import { registerSessionCacheRules } from './session';

export const authModule: DomainModule = {
  name: 'auth',
  register() {
    registerUserRules();
    registerSettingRules();
    registerSessionCacheRules();
  },
};
