// An in-process Pitchup supplier API, built from its public documentation (docs/channels.md
// « Pitchup »): `Authorization: Token <key>` (401 `{"detail": "Invalid token."}` otherwise),
// the version in the Accept header, bookings filtered by `modified_after` and paginated
// with absolute `next` links (page_size at most 100), allocation days and pricing posted,
// a booking's external_id patched. Failures can be queued: 429 with Retry-After, 5xx.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePitchup {
  url: string;
  key: string;
  bookings: Record<string, any>[];
  allocations: { pitchtype: string; date: string; max_allocation: number }[];
  pricing: { chargetype: string; body: any }[];
  patches: { id: string; body: any }[];
  /** answers to give before the normal ones: status and headers */
  failures: { status: number; headers?: Record<string, string> }[];
  requests: { method: string; path: string; accept: string | undefined }[];
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });

export async function startFakePitchup(key = 'pitchup-test-key'): Promise<FakePitchup> {
  const fake = {
    key,
    bookings: [],
    allocations: [],
    pricing: [],
    patches: [],
    failures: [],
    requests: [],
  } as unknown as FakePitchup;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', fake.url);
    fake.requests.push({ method: req.method!, path: url.pathname, accept: req.headers.accept });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (req.headers.authorization !== `Token ${fake.key}`) return send(401, { detail: 'Invalid token.' });
    const failure = fake.failures.shift();
    if (failure) return send(failure.status, { detail: 'Request was throttled.' }, failure.headers);
    const body = req.method === 'GET' ? null : JSON.parse((await read(req)) || 'null');
    if (req.method === 'GET' && url.pathname === '/rest/api/booking/') {
      const after = url.searchParams.get('modified_after');
      const size = Math.min(100, Number(url.searchParams.get('page_size') ?? 20));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const all = fake.bookings
        .filter((b) => !after || Date.parse(b.modified) > Date.parse(after))
        .sort((a, b) => Date.parse(a.modified) - Date.parse(b.modified));
      const page = all.slice(offset, offset + size);
      const next = offset + size < all.length ? new URL(url) : null;
      next?.searchParams.set('offset', String(offset + size));
      return send(200, { next: next?.toString() ?? null, previous: null, results: page });
    }
    if (req.method === 'POST' && url.pathname === '/rest/api/allocation/') {
      for (const a of Array.isArray(body) ? body : [body]) fake.allocations.push(a);
      return send(201, body);
    }
    const pricing = /^\/rest\/api\/chargetype\/([^/]+)\/pricing\/$/.exec(url.pathname);
    if (req.method === 'POST' && pricing) {
      fake.pricing.push({ chargetype: pricing[1], body });
      return send(202, { task_id: `task-${fake.pricing.length}` });
    }
    const patch = /^\/rest\/api\/booking\/([^/]+)\/$/.exec(url.pathname);
    if (req.method === 'PATCH' && patch) {
      fake.patches.push({ id: decodeURIComponent(patch[1]), body });
      return send(200, { id: patch[1], ...body });
    }
    send(404, { detail: 'Not found.' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}

const link = (base: string, resource: string, id: string | number) => `${base}/rest/api/${resource}/${id}/`;

/** A Pitchup booking record as its guide shows it (money as decimal strings). */
export function pitchupBooking(
  base: string,
  b: {
    id: string;
    arrive: string;
    depart: string;
    pitchtype: number;
    pitch?: number | null;
    modified: string;
    status?: string;
    price?: string;
    paid?: string;
    adults?: number;
    children?: number;
    infants?: number;
    childAges?: string;
    lastName?: string;
  },
): Record<string, any> {
  return {
    url: link(base, 'booking', b.id),
    id: b.id,
    pretty_id: b.id,
    status: b.status ?? 'confirmed',
    campsite: 'camping-test',
    arrive: b.arrive,
    depart: b.depart,
    pitchtype: link(base, 'pitchtype', b.pitchtype),
    pitch: b.pitch ? link(base, 'pitch', b.pitch) : null,
    first_name: 'Sam',
    last_name: b.lastName ?? `Evans${b.id}`,
    email: `guest-${b.id.toLowerCase()}@example.com`,
    telephone: '+33 6 12 34 56 78',
    address: '2 rue du Test',
    city: 'Lorient',
    postcode: '56100',
    country: 'FR',
    adults: b.adults ?? 2,
    party: { adults: b.adults ?? 2, children: b.children ?? 0, infants: b.infants ?? 0, dogs: 0 },
    child_ages: b.childAges ?? '',
    created: b.modified,
    modified: b.modified,
    currency: 'EUR',
    price: { amount: b.price ?? '96.00', currency: 'EUR' },
    accommodation_cost: { amount: b.price ?? '96.00', currency: 'EUR' },
    total_paid: { amount: b.paid ?? b.price ?? '96.00', currency: 'EUR' },
    extras: [],
    cancellation_reason: b.status === 'cancelled' ? 'Client empêché' : '',
  };
}
