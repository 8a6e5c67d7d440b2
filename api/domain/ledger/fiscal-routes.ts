// Ledger routes of the fiscal chain: its verification, the signing key and the technical
// event journal (JET).
import { recordTechnicalEvent } from './jet';
import { defineRoute } from '../../http/define-route';
import { verifyLedger } from './verify';
import { signingKey } from './keys';
import { listJet } from './jet';
import { JET_LIST, SIGNING_KEY } from './openapi';
import { JOURNAL, tag, CLOSURES } from './route-parts';

export const FISCAL_ROUTES = [
  defineRoute<unknown, { chain?: 'fiscal' | 'jet'; signatures?: 'all' | 'sample' }>({
    method: 'GET',
    path: '/rest/fiscal/verify',
    right: [JOURNAL, 'read'],
    tag,
    summary:
      'Vérifie le journal inaltérable : chaînage, empreintes, signatures, continuité, fin de chaîne, totaux des ' +
      'clôtures',
    query: {
      type: 'object',
      properties: { chain: { enum: ['fiscal', 'jet'] }, signatures: { enum: ['all', 'sample'] } },
    },
    response: {
      type: 'object',
      required: ['status', 'count', 'first', 'last', 'breaks'],
      properties: {
        status: { enum: ['ok', 'broken'] },
        count: { type: 'integer' },
        first: { type: ['integer', 'null'] },
        last: { type: ['integer', 'null'] },
        breaks: {
          type: 'array',
          items: {
            type: 'object',
            required: ['seq', 'kind', 'reason'],
            properties: {
              seq: { type: 'integer' },
              kind: { type: 'string' },
              reason: { type: 'string' },
              record: { type: 'string', description: 'L’enregistrement concerné (« Facture FA00002 »…)' },
            },
          },
        },
      },
    },
    handler: async ({ query, user, knex }) => {
      const chain = query.chain ?? 'fiscal';
      const r = await verifyLedger(knex, {
        chain,
        allSignatures: query.signatures ? query.signatures === 'all' : undefined,
      });
      // A verification that fails is journaled (JET, issue 25 point 11, docs/history.md#issue-25), from the API as from
      // the CLI.
      if (r.status !== 'ok')
        await recordTechnicalEvent(knex, 'verify-failed', {
          chain,
          breaks: r.breaks.length,
          firstSeq: r.breaks[0]?.seq ?? null,
          userId: user?.id ?? null,
        }).catch((e) => console.error(`Journal des événements techniques : échec non enregistré — ${e.message}`));
      return r;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/fiscal/key',
    right: [CLOSURES, 'read'],
    tag,
    summary: 'La clé publique (Ed25519) qui signe le journal de cette installation, et son empreinte',
    response: SIGNING_KEY,
    handler: () => {
      const k = signingKey();
      return { algorithm: 'Ed25519', fingerprint: k.fingerprint, publicKey: k.publicPem };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/rest/jet/list',
    right: [JOURNAL, 'read'],
    tag,
    summary: 'Le journal des événements techniques (JET), du plus récent au plus ancien',
    response: JET_LIST,
    handler: async ({ knex }) => ({ rows: await listJet(knex) }),
  }),
];
