// The answers of the utilities' routes (routes.ts), named for /rest/openapi.json and the
// screens' generated types.
import { defineSchemas } from '../../http/define-route';
import { str, int, strOrNull, closed as obj } from '../../http/schema-parts';

const kinds = obj({ customer: int, place: int, stay: int });
const fileKind = { type: 'string', enum: ['bill', 'archive', 'mail', 'place-image', 'other'] };
const candidate = obj({ ref: str, kind: fileKind, kindLabel: str, size: int, storedAt: str, reason: str });
const gridVersion = obj({
  id: int,
  priceGridId: int,
  gridLabel: str,
  historyVersion: int,
  currentVersion: int,
  createdAt: str,
  userName: strOrNull,
  change: strOrNull,
});

defineSchemas({
  FileCheck: obj({
    checkedAt: str,
    counts: obj({ files: int, ok: int, missing: int, orphan: int, checksum: int, size: int, purged: int }),
    problems: {
      type: 'array',
      items: obj({
        ref: str,
        kind: fileKind,
        kindLabel: str,
        problem: { type: 'string', enum: ['missing', 'orphan', 'checksum', 'size'] },
        detail: str,
        size: { type: ['integer', 'null'] },
        storedAt: strOrNull,
      }),
    },
  }),
  FilePurgePreview: obj({
    rules: {
      type: 'array',
      items: obj({
        kind: fileKind,
        label: str,
        store: { type: 'string', enum: ['database', 'DATA_DIR'] },
        fiscal: { type: 'boolean' },
        retentionDays: { type: ['integer', 'null'] },
        retention: str,
      }),
    },
    candidates: { type: 'array', items: candidate },
    journal: {
      type: 'array',
      items: obj({ id: int, ref: str, kindLabel: str, size: int, storedAt: str, purgedAt: str, userName: strOrNull }),
    },
  }),
  FilePurgeResult: obj({ purged: { type: 'array', items: candidate }, alreadyPurged: { type: 'array', items: str } }),
  GridHistoryPreview: obj({ before: str, candidates: { type: 'array', items: gridVersion } }),
  GridHistoryPurgeResult: obj({
    purged: { type: 'array', items: gridVersion },
    skipped: { type: 'array', items: gridVersion },
  }),
  ImportV1Report: obj({
    dryRun: { type: 'boolean' },
    encoding: str,
    lines: int,
    created: kinds,
    skipped: kinds,
    refused: { type: 'array', items: obj({ line: int, message: str }) },
  }),
});
