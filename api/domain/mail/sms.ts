// The SMS provider adapter (§9 (docs/constants.md#mail-and-reminders) reminder channels, campaigns by SMS): an HTTP
// gateway set by the environment — SMS_PROVIDER_URL (the gateway's send endpoint),
// SMS_PROVIDER_TOKEN (sent as a Bearer token), SMS_SENDER (the sender name shown). The
// request is `POST { to, text, sender }` as JSON; any 2xx is accepted, its JSON `id`
// kept as the message id. A 4xx but 408/429 is a refusal of this message (not retried);
// anything else (5xx, timeout, connection) is retried by the queue with its back-off.
// Without SMS_PROVIDER_URL, SMS messages wait in the queue with SMS_NOT_CONFIGURED.

export interface SmsProvider {
  send(to: string, text: string): Promise<{ id: string | null }>;
}

export class SmsError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** An SMS is at most this long: 3 concatenated messages of 153 GSM characters. */
export const SMS_MAX_LENGTH = 459;

export function smsProvider(env: NodeJS.ProcessEnv = process.env): SmsProvider | null {
  const url = env.SMS_PROVIDER_URL?.trim();
  if (!url) return null;
  const token = env.SMS_PROVIDER_TOKEN?.trim();
  const sender = env.SMS_SENDER?.trim() || 'Bivouac';
  return {
    async send(to, text) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          signal: AbortSignal.timeout(15_000),
          headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ to, text, sender }),
        });
      } catch (e) {
        throw new SmsError(
          `SMS : ${(e as Error).name === 'TimeoutError' ? 'délai dépassé' : 'passerelle injoignable'}`,
          false,
        );
      }
      const body = await res.text();
      if (!res.ok)
        throw new SmsError(
          `SMS : ${res.status} ${body.replace(/[\r\n]+/g, ' ').slice(0, 200)}`,
          res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429,
        );
      let id: string | null = null;
      try {
        const j = JSON.parse(body);
        if (j && (typeof j.id === 'string' || typeof j.id === 'number')) id = String(j.id);
      } catch {
        /* a gateway answering plain text */
      }
      return { id };
    },
  };
}

/** The international form of a phone number (+33 6…), or null when it cannot be one. */
export function smsNumber(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const d = raw.replace(/[^\d+]/g, '');
  if (/^0[67]\d{8}$/.test(d)) return `+33${d.slice(1)}`;
  if (/^\+\d{8,15}$/.test(d)) return d;
  if (/^00\d{8,15}$/.test(d)) return `+${d.slice(2)}`;
  return null;
}

/** The text of an SMS: the subject, then the body's text, cut at the length limit. */
export function smsText(subject: string, bodyText: string): string {
  const text = `${subject}\n${bodyText}`.replace(/\n{3,}/g, '\n\n').trim();
  return text.length > SMS_MAX_LENGTH ? `${text.slice(0, SMS_MAX_LENGTH - 1)}…` : text;
}
