// Types of ./ed25519.mjs (plain JavaScript, shared with the verifier's worker threads).
import type { KeyObject } from 'node:crypto';

export declare const ed25519Backend: 'libsodium' | 'node:crypto';
export declare function signatureCheck(
  key: KeyObject | string,
): (message: Uint8Array, signature: Uint8Array) => boolean;
