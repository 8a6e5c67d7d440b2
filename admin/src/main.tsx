// Boot, so that nothing waits for what it does not need (issue 29 §8, docs/history.md#issue-29). This entry is a
// few kB: it reads the stored user and, with one, starts the first screen's API reads
// at once (boot/early.ts) while the admin downloads (boot/admin.tsx: react-admin, the
// menus, the screen asked for). A browser with no session gets the log-in form alone
// (boot/login.tsx); the admin follows once someone types in it.
import { storedUser } from './auth/stored';
import { startEarly } from './boot/early';
import { LAYOUT_READS, screenReads } from './boot/early-requests';
import './print.css';

const user = storedUser();
if (user) {
  startEarly([...LAYOUT_READS, ...screenReads(location.pathname, user)]);
  void import('./boot/admin').then((m) => m.startAdmin());
} else void import('./boot/login').then((m) => m.startLogin());
