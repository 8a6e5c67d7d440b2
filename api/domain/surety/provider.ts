// The surety (deposit) provider adapter (§7 module/surety, Swikly-like): an HTTP service
// set by the environment — SURETY_PROVIDER_URL (its base address) and SURETY_PROVIDER_KEY
// (sent as a Bearer token). A deposit request is `POST {url}/deposits` with
// `{ reference, amount, email, name, startDate, endDate }` as JSON; the provider e-mails
// the customer and answers 2xx `{ id, status: 'requested' | 'held' }` ('held' when the
// customer's deposit is already held). Any other answer is a refusal: its JSON `message`
// (or its text) is the provider's French message, shown as is.

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
export interface SuretyProvider {
  readonly host: string;
  request(r: DepositRequest): Promise<DepositAnswer>;
}

export class SuretyProviderError extends Error {}

export function suretyProvider(env: NodeJS.ProcessEnv = process.env): SuretyProvider | null {
  const base = env.SURETY_PROVIDER_URL?.trim().replace(/\/+$/, '');
  if (!base) return null;
  const key = env.SURETY_PROVIDER_KEY?.trim();
  let host: string;
  try {
    host = new URL(base).host;
  } catch {
    return null;
  }
  return {
    host,
    async request(r) {
      let res: Response;
      try {
        res = await fetch(`${base}/deposits`, {
          method: 'POST',
          signal: AbortSignal.timeout(15_000),
          headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) },
          body: JSON.stringify(r),
        });
      } catch (e) {
        throw new SuretyProviderError(
          (e as Error).name === 'TimeoutError' ? 'délai dépassé' : 'prestataire injoignable',
        );
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
      const id = typeof json?.id === 'string' || typeof json?.id === 'number' ? String(json.id) : null;
      return { id, status: json?.status === 'held' ? 'held' : 'requested' };
    },
  };
}
