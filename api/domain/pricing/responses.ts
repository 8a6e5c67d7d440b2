// Answers of pricing routes, precise enough for the screens' generated types (issue 23 §2, docs/history.md#issue-23):
// every field the handler always sends is required. Pure data.
import { int } from '../../http/schema-parts';

/** GET /rest/pricing/grid/:id/versions: newest first. */
export const GRID_VERSIONS_RESPONSE = {
  type: 'array',
  items: {
    type: 'object',
    required: ['historyVersion', 'label', 'userName', 'change', 'createdAt'],
    properties: {
      historyVersion: int,
      label: { type: 'string' },
      userName: { type: ['string', 'null'] },
      change: { type: ['string', 'null'] },
      createdAt: { type: 'string', format: 'date-time' },
    },
  },
};
