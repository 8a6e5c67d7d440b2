// A PDF worker thread run from the sources (npm run dev, the tests): TypeScript through
// tsx, as the server itself; the server's bundle runs its plain-JS build instead (./pool.ts).
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
