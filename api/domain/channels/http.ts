// HTTP for connectors: a timeout, the channel's errors as French ChannelErrors (a wrong key
// is permanent, a 429 carries its Retry-After, a 5xx or a network failure is retried by
// the scheduler with back-off). Never logs or returns the key or a response body.
import { formatMessage } from '../../../common/messages';
import { ChannelError } from './types';

const TIMEOUT_MS = 20_000;

/** Retry-After (RFC 9110): seconds or an HTTP date; milliseconds, or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const h = header.trim();
  if (/^\d+(\.\d+)?$/.test(h)) return Math.round(Number(h) * 1000);
  const at = Date.parse(h);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export async function channelFetch(
  url: string,
  init: RequestInit & { headers: Record<string, string> },
): Promise<{ status: number; json: unknown; bytes: number }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch {
    throw new ChannelError('CHANNEL_UNREACHABLE', formatMessage('CHANNEL_UNREACHABLE'));
  }
  const bytes = typeof init.body === 'string' ? Buffer.byteLength(init.body) : 0;
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    throw new ChannelError('CHANNEL_BAD_KEY', formatMessage('CHANNEL_BAD_KEY'), null, true);
  }
  if (res.status === 429) {
    await res.body?.cancel();
    const wait = retryAfterMs(res.headers.get('retry-after')) ?? 60_000;
    throw new ChannelError(
      'CHANNEL_RATE_LIMITED',
      formatMessage('CHANNEL_RATE_LIMITED', { seconds: Math.ceil(wait / 1000) }),
      wait,
    );
  }
  if (res.status >= 300) {
    await res.body?.cancel();
    throw new ChannelError('CHANNEL_UNAVAILABLE', formatMessage('CHANNEL_UNAVAILABLE', { status: res.status }));
  }
  if (res.status === 204) return { status: 204, json: null, bytes };
  const text = await res.text();
  try {
    return { status: res.status, json: text ? JSON.parse(text) : null, bytes };
  } catch {
    throw new ChannelError('CHANNEL_BAD_ANSWER', formatMessage('CHANNEL_BAD_ANSWER'));
  }
}
