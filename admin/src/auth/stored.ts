// The user the browser keeps between page loads, with no import at all: the page's
// entry (main.tsx) reads it before anything else is downloaded.
import type { RightFlags } from '../../../common/rights';

/** The logged-in user as the admin keeps it (see authProvider.ts). */
export const USER_KEY = 'bivouac.user';

export interface CurrentUser {
  id: number;
  login: string;
  name: string;
  admin: boolean;
  systeme: boolean;
  rights: Record<string, RightFlags> | null;
  /** entities read only as lookups (labels of a field), without their own right */
  lookups?: string[];
}

export function storedUser(): CurrentUser | null {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
  } catch {
    return null;
  }
}
