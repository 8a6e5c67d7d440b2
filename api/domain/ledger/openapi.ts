// What the ledger's routes answer (routes.ts): the contract the screens' types are generated
// from and the integration tests check every answer against.
export const SIGNING_KEY = {
  type: 'object',
  required: ['algorithm', 'fingerprint', 'publicKey'],
  properties: {
    algorithm: { const: 'Ed25519' },
    fingerprint: { type: 'string', description: 'SHA-256 (hex) de la clé publique (SPKI DER)' },
    publicKey: { type: 'string', description: 'clé publique PEM' },
  },
};

export const JET_LIST = {
  type: 'object',
  required: ['rows'],
  properties: {
    rows: {
      type: 'array',
      description: '500 derniers événements, du plus récent au plus ancien',
      items: {
        type: 'object',
        required: ['seq', 'kind', 'label', 'at', 'data', 'hash'],
        properties: {
          seq: { type: 'integer' },
          kind: { type: 'string' },
          label: { type: 'string' },
          at: { type: 'string', format: 'date-time' },
          data: { type: 'object', additionalProperties: true, description: 'champs de l’événement' },
          hash: { type: 'string' },
        },
      },
    },
  },
};

export const ARCHIVE_FILE = {
  description: 'L’archive signée (JSON), en pièce jointe',
  content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
};
