// What the backup routes answer (routes.ts): the contract the backup screen's types are
// generated from, and that the integration tests check every answer against.
const nullable = (type: string, extra: object = {}) => ({ type: [type, 'null'], ...extra });
const BACKUP_RUN = {
  type: 'object',
  description: 'Une sauvegarde faite (tâche quotidienne, ligne de commande, écran)',
  // A whole row of backup_run: every column is in the answer.
  required: ['id', 'kind', 'day', 'startedAt', 'finishedAt', 'status', 'file', 'size', 'schemaVersion', 'error'],
  properties: {
    id: { type: 'integer' },
    kind: { enum: ['auto', 'manual', 'download'] },
    day: { type: 'string', format: 'date' },
    startedAt: { type: 'string', format: 'date-time' },
    finishedAt: nullable('string', { format: 'date-time' }),
    status: { enum: ['running', 'done', 'failed'] },
    file: nullable('string'),
    size: nullable('integer'),
    schemaVersion: nullable('string'),
    error: nullable('string'),
  },
};
export const BACKUP_STATUS = {
  type: 'object',
  required: ['last', 'ageDays', 'stale', 'retentionDays', 'runs', 'files', 'staleDays'],
  properties: {
    last: { anyOf: [BACKUP_RUN, { type: 'null' }] },
    ageDays: nullable('integer'),
    stale: { type: 'boolean' },
    retentionDays: { type: 'integer' },
    runs: { type: 'array', items: BACKUP_RUN },
    files: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'size', 'modifiedAt'],
        properties: {
          name: { type: 'string' },
          size: { type: 'integer' },
          modifiedAt: { type: 'string', format: 'date-time' },
        },
      },
    },
    staleDays: { type: 'integer' },
  },
};
const SUMMARY = {
  schemaVersion: { type: 'string' },
  tables: { type: 'integer' },
  rows: { type: 'integer' },
};
export const BACKUP_DONE = {
  type: 'object',
  required: ['status', 'message', 'file', 'schemaVersion', 'tables', 'rows'],
  properties: { status: { const: 'SAVED' }, message: { type: 'string' }, file: { type: 'string' }, ...SUMMARY },
};
export const RESTORE_DONE = {
  type: 'object',
  required: ['status', 'message', 'schemaVersion', 'migrated', 'tables', 'rows'],
  properties: {
    status: { const: 'SAVED' },
    message: { type: 'string' },
    ...SUMMARY,
    migrated: { type: 'array', items: { type: 'string' }, description: 'migrations passées après la restauration' },
    recovery: {
      type: 'object',
      description: 'reprise après sinistre : ce que l’ancre avait (from), où finit la chaîne restaurée (to)',
      required: ['behind', 'from', 'to'],
      properties: {
        behind: { type: 'array', items: { type: 'string' } },
        from: { type: 'integer' },
        to: { type: 'integer' },
      },
    },
  },
};
