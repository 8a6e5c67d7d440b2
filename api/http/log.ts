// What the server log says about an unexpected error: its kind, the SQLSTATE and the
// names of the database objects involved, and where in our code it happened — never
// its message when that may carry request data. Knex prefixes a database error's
// message with the SQL and its bound values interpolated (names, e-mails, search
// terms), PostgreSQL details quote the values (`Key (email)=(…)`), and JSON.parse
// messages quote the input: none of it may reach the log.

/** Error classes whose message names code, not data (programming errors). */
const CODE_ONLY = new Set(['TypeError', 'ReferenceError', 'RangeError']);

/** Stack frames only: the first lines of `stack` repeat the message. */
function frames(stack: unknown, max = 8): string[] {
  if (typeof stack !== 'string') return [];
  return stack
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, max)
    .map((l) => l.trim());
}

/** A one-line, data-free description of an error (a few frame lines follow). */
export function describeError(err: unknown, where?: string): string {
  const e = (err ?? {}) as Record<string, any>;
  const native = (e.nativeError ?? e) as Record<string, any>;
  const name = typeof e.name === 'string' ? e.name : typeof err;
  const parts = [where ? `${where} —` : '', name];
  const sqlstate = typeof native.code === 'string' && /^[0-9A-Z]{5}$/.test(native.code) ? native.code : undefined;
  if (sqlstate) {
    // Database error: object names only (they are schema, not data).
    parts.push(`SQLSTATE ${sqlstate}`);
    for (const k of ['routine', 'table', 'column', 'constraint'] as const) {
      if (typeof native[k] === 'string') parts.push(`${k}=${native[k]}`);
    }
  } else {
    if (typeof e.code === 'string' && e.code.length <= 40) parts.push(`code=${e.code}`);
    if (CODE_ONLY.has(name) && typeof e.message === 'string')
      parts.push(`: ${e.message.slice(0, 200).replace(/\s+/g, ' ')}`);
  }
  const at = frames(e.stack);
  return [parts.filter(Boolean).join(' '), ...at.map((l) => `    ${l}`)].join('\n');
}

/** The route an error happened on, without query string or ids. */
export function requestLabel(method: string, route: string | undefined, path: string): string {
  return `${method} ${route ?? path.replace(/\/\d+(?=\/|$)/g, '/:id').slice(0, 200)}`;
}
