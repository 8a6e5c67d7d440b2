// Types of ./ed25519.mjs (plain JavaScript, shared with the verifier's worker threads).
import type { KeyObject } from 'node:crypto';

export declare const ed25519Backend: 'libsodium' | 'node:crypto';
/** Whether `signature` is a valid signature of `message` by one key; never throws. */
export type SignatureCheck = (message: Uint8Array, signature: Uint8Array) => boolean;
export declare function signatureCheck(key: KeyObject | string): SignatureCheck;
