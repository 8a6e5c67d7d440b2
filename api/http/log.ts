// What the server log says about an unexpected error: its kind, the SQLSTATE and the
// names of the database objects involved — never
// its message when that may carry request data. Knex prefixes a database error's
// message with the SQL and its bound values interpolated (names, e-mails, search
// terms), PostgreSQL details quote the values (`Key (email)=(…)`), and JSON.parse
// messages quote the input: none of it may reach the log, nor a stack trace.

/** Error classes whose message names code, not data (programming errors). */
const CODE_ONLY = new Set(['TypeError', 'ReferenceError', 'RangeError']);

/** A one-line, data-free description of an error. */
export function describeError(err: unknown, where?: string): string {
  const e = (err ?? {}) as Record<string, unknown>;
  const native = (e.nativeError ?? e) as Record<string, unknown>;
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
  // One line, and no stack trace: the log says what failed, not where in the code.
  return parts.filter(Boolean).join(' ');
}

/** The route an error happened on, without query string or ids. */
export function requestLabel(method: string, route: string | undefined, path: string): string {
  return `${method} ${route ?? path.replace(/\/\d+(?=\/|$)/g, '/:id').slice(0, 200)}`;
}
