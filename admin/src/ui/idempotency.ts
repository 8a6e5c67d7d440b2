// One Idempotency-Key per action a user means to do once (issue 25 point 6, docs/history.md#issue-25): issuing a
// bill, recording a payment. The key is kept until the action succeeds, so clicking
// again after a lost answer sends the same key and the server answers the first result
// instead of billing or paying twice (api/http/idempotency.ts).
import { useRef } from 'react';

/** 128 random bits in hex; crypto.getRandomValues works outside secure contexts too. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function useIdempotencyKeys() {
  const keys = useRef(new Map<string, string>());
  return {
    /** the key of `action` (one per action until done) */
    keyOf(action: string): string {
      let k = keys.current.get(action);
      if (!k) keys.current.set(action, (k = newIdempotencyKey()));
      return k;
    },
    /** the action succeeded: the next one is a new action */
    done(action: string): void {
      keys.current.delete(action);
    },
  };
}
