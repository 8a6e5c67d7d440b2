// The surety (deposit) provider adapter (§7 (docs/api.md) module/surety, Swikly-like): an HTTP service
// set by the environment — SURETY_PROVIDER_URL (its base address) and SURETY_PROVIDER_KEY
// (sent as a Bearer token); the surety module's « Identifiant d'API » names the campsite's
// account there (header X-Api-Login). A deposit request is `POST {url}/deposits` with
// `{ reference, amount, email, name, startDate, endDate }` as JSON; the provider e-mails
// the customer and answers 2xx `{ id, status: 'requested' | 'held' }` ('held' when the
// customer's deposit is already held). A deposit's state is `GET {url}/deposits/{id}` (the
// id it answered), answering 2xx `{ id, status: 'requested' | 'held' | 'released' |
// 'captured' }` ('released': given back to the customer; 'captured': cashed by the
// campsite); the scheduler polls it (poll.ts). Any other answer, to either call, is a
// refusal: its JSON `message` (or its text) is the provider's French message, shown as is.

export interface DepositRequest {
  reference: string;
  amount: number;
  email: string;
  name: string;
  startDate: string;
  endDate: string;
}
export interface DepositAnswer {
  id: string | null;
  status: 'requested' | 'held';
}
export type DepositStatus = 'requested' | 'held' | 'released' | 'captured';
export interface DepositState {
  id: string;
  status: DepositStatus;
}
export interface SuretyProvider {
  readonly host: string;
  request(r: DepositRequest): Promise<DepositAnswer>;
  status(id: string): Promise<DepositState>;
}

const STATUSES: readonly string[] = ['requested', 'held', 'released', 'captured'];

export class SuretyProviderError extends Error {
  // Named in the log (describeError), whose message it never prints.
  override name = 'SuretyProviderError';
}

/** `login`: the surety module's « Identifiant d'API » (the campsite's account at the provider), sent as X-Api-Login. */
export function suretyProvider(
  env: NodeJS.ProcessEnv = process.env,
  login: string | null = null,
): SuretyProvider | null {
  const base = env.SURETY_PROVIDER_URL?.trim().replace(/\/+$/, '');
  if (!base) return null;
  const key = env.SURETY_PROVIDER_KEY?.trim();
  let host: string;
  try {
    host = new URL(base).host;
  } catch {
    return null;
  }
  /** The provider's JSON answer to a 2xx; any other answer throws its message. */
  async function call(path: string, init: RequestInit): Promise<Record<string, unknown> | null> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        ...init,
        signal: AbortSignal.timeout(15_000),
        headers: {
          ...(init.headers as Record<string, string>),
          ...(key ? { Authorization: `Bearer ${key}` } : {}),
          ...(login ? { 'X-Api-Login': login } : {}),
        },
      });
    } catch (e) {
      throw new SuretyProviderError((e as Error).name === 'TimeoutError' ? 'délai dépassé' : 'prestataire injoignable');
    }
    const text = await res.text();
    let json: Record<string, unknown> | null = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* a provider answering plain text */
    }
    if (!res.ok) {
      const msg = typeof json?.message === 'string' ? json.message : text;
      throw new SuretyProviderError(`${res.status} ${msg.replace(/[\r\n]+/g, ' ').slice(0, 200)}`.trim());
    }
    return json;
  }
  return {
    host,
    async request(r) {
      const json = await call('/deposits', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(r),
      });
      const id = typeof json?.id === 'string' || typeof json?.id === 'number' ? String(json.id) : null;
      return { id, status: json?.status === 'held' ? 'held' : 'requested' };
    },
    async status(id) {
      const json = await call(`/deposits/${encodeURIComponent(id)}`, { method: 'GET' });
      const status = json?.status;
      // An unknown state must not be read as one we know (a deposit wrongly marked cashed).
      if (typeof status !== 'string' || !STATUSES.includes(status))
        throw new SuretyProviderError('réponse du prestataire sans état reconnu');
      return { id, status: status as DepositStatus };
    },
  };
}
