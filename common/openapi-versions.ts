// How the OpenAPI document describes versions (README « Versions »): the `version`
// field of every entity but append-only ones, the ETag a read answers, the If-Match a
// write may send instead of the body's `version`, and the 409 RECORD_CHANGED (with
// `current`) a stale write gets. Used by the generator (generic routes) and by
// defineRoute (hand-written writes that take a version). Pure data.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The property every versioned entity's schema gets. */
export const VERSION_PROPERTY = {
  type: 'integer',
  minimum: 1,
  description:
    'Version de l’enregistrement, augmentée à chaque modification. À renvoyer avec une écriture (ou en If-Match) ' +
    ': une version périmée est refusée (409 RECORD_CHANGED) ; absente, l’écriture est acceptée (« le dernier ' +
    'écrit gagne »).',
} as const;

/** components/schemas/StaleRecord: the 409 answer. */
export const STALE_RECORD_SCHEMA = {
  type: 'object',
  required: ['code', 'message', 'current'],
  properties: {
    code: { const: 'RECORD_CHANGED' },
    message: { type: 'string', description: '« Cet enregistrement a été modifié par un autre utilisateur »' },
    current: { type: 'object', description: 'L’enregistrement tel qu’il est maintenant (avec sa version)' },
  },
} as const;

export const ETAG_HEADER = {
  ETag: { description: 'W/"<version>" : la version de l’enregistrement', schema: { type: 'string' } },
} as const;

export const IF_MATCH_PARAMETER = {
  name: 'If-Match',
  in: 'header',
  required: false,
  schema: { type: 'string' },
  description: 'La version lue (W/"3", "3" ou 3), à défaut du champ version du corps ; * ou absent : non vérifiée',
} as const;

export const STALE_RESPONSE = {
  description:
    'RECORD_CHANGED : « Cet enregistrement a été modifié par un autre utilisateur », rien n’est écrit ; current ' +
    ': l’enregistrement tel qu’il est maintenant',
  content: { 'application/json': { schema: ref('StaleRecord') } },
} as const;

/** What these helpers read of an operation (answers by status, parameters by name); the rest is carried over. */
interface Op {
  parameters?: readonly { name?: string }[];
  responses?: { [status: string]: { headers?: object; [key: string]: unknown } };
}

/** A read answering the record: its 200 carries the ETag. */
export function withEtag<T extends Op>(op: T): T {
  const ok = op.responses?.[200];
  return ok
    ? { ...op, responses: { ...op.responses, 200: { ...ok, headers: { ...ok.headers, ...ETAG_HEADER } } } }
    : op;
}

/** A write that takes the version read: If-Match accepted, 409 answered (and the ETag of what it saved). */
export function withVersionCheck<T extends Op>(op: T, answersRecord = false): T {
  const params = op.parameters ?? [];
  const out = {
    ...op,
    parameters: params.some((p) => p.name === 'If-Match') ? params : [...params, IF_MATCH_PARAMETER],
    responses: { ...op.responses, 409: STALE_RESPONSE },
  };
  return answersRecord ? withEtag(out) : out;
}
