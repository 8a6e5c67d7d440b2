// API reads started before the code that needs them has arrived (issue 29 §8, docs/history.md#issue-29): the
// page's entry asks at once for what its first screen will ask (./early-requests.ts),
// and api() (admin/src/api.ts) takes such an answer instead of asking again. Each is
// taken once, and only while fresh: a screen opened later asks the server itself.
const FRESH_MS = 10_000;

const started = new Map<string, { at: number; response: Promise<Response> }>();

function keep(path: string, response: Promise<Response>): void {
  // Nobody may take it (a screen the user leaves at once): its failure must not be reported as unhandled.
  response.catch(() => undefined);
  started.set(path, { at: Date.now(), response });
}

/** Starts GET /rest<path> for each path, as api() would send it. */
export function startEarly(paths: readonly string[]): void {
  for (const path of paths) {
    if (started.has(path)) continue;
    keep(path, fetch(`/rest${path}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } }));
  }
}

/** An answer already at hand (the log-in's own), given to the next api() read of `path`. */
export function provideEarly(path: string, body: unknown): void {
  const headers = { 'Content-Type': 'application/json' };
  keep(path, Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers })));
}

/** The early answer of GET `path`, once, if it was started less than FRESH_MS ago. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const e = started.get(path);
  if (!e) return undefined;
  started.delete(path);
  return Date.now() - e.at < FRESH_MS ? e.response : undefined;
}
