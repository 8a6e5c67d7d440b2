// The head row of a chain against its last entry (a cut tail, entries beyond the head)
// and its signature (verify.ts).
import type { Knex } from 'knex';
import { headMessage } from './canonical';
import type { Chain } from './append';
import type { BreakList, SignatureQueue } from './verify-state';
import type { Walked } from './verify-walk';

export interface ChainHead {
  lastSeq: number | string;
  lastHash: string;
  keyId: number;
  signature: string | null;
}

export async function readHead(knex: Knex, est: number, chain: Chain): Promise<ChainHead | undefined> {
  return knex('ledger_head').where({ establishmentId: est, chain }).first('lastSeq', 'lastHash', 'keyId', 'signature');
}

export function checkHead(
  head: ChainHead | undefined,
  walked: Walked,
  est: number,
  chain: Chain,
  breaks: BreakList,
  signatures: SignatureQueue,
): void {
  const { count, last, lastRow } = walked;
  if (!head) {
    if (count) breaks.add({ seq: 1, kind: 'head', reason: 'Tête de chaîne absente' });
    return;
  }
  const headSeq = Number(head.lastSeq);
  if (headSeq > (last ?? 0))
    breaks.add({
      seq: (last ?? 0) + 1,
      kind: 'truncated',
      reason: `Fin de chaîne supprimée : ${headSeq - (last ?? 0)} écriture(s) après la ${last ?? 0}e`,
    });
  else if (headSeq < (last ?? 0))
    breaks.add({ seq: headSeq + 1, kind: 'head', reason: 'Écritures au-delà de la tête de chaîne' });
  else if (headSeq && head.lastHash !== lastRow?.hash)
    breaks.add({ seq: headSeq, kind: 'head', reason: 'La tête de chaîne ne correspond pas à la dernière écriture' });
  if (headSeq)
    signatures.check(
      headSeq,
      headMessage(est, chain, headSeq, head.lastHash),
      head.keyId,
      head.signature ?? '',
      'tête de chaîne',
    );
}
