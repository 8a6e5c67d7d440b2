// Undo / redo of accepted moves. An entry keeps the bar and both positions so
// undo works even when the bar's window has been unloaded since.
import type { BarPosition, BoardBar } from './types';

export interface MoveEntry<B extends BoardBar = BoardBar> {
  bar: B;
  before: BarPosition;
  after: BarPosition;
}

export interface MoveHistory<B extends BoardBar = BoardBar> {
  readonly done: readonly MoveEntry<B>[];
  readonly undone: readonly MoveEntry<B>[];
}

export const HISTORY_LIMIT = 50;

export const emptyHistory = <B extends BoardBar>(): MoveHistory<B> => ({ done: [], undone: [] });

/** A new move: pushed on the undo stack, the redo stack is dropped. */
export function record<B extends BoardBar>(h: MoveHistory<B>, e: MoveEntry<B>): MoveHistory<B> {
  return { done: [...h.done, e].slice(-HISTORY_LIMIT), undone: [] };
}

export function peekUndo<B extends BoardBar>(h: MoveHistory<B>): MoveEntry<B> | undefined {
  return h.done[h.done.length - 1];
}

export function peekRedo<B extends BoardBar>(h: MoveHistory<B>): MoveEntry<B> | undefined {
  return h.undone[h.undone.length - 1];
}

/** The last move was undone (its reverse was accepted). */
export function undoDone<B extends BoardBar>(h: MoveHistory<B>): MoveHistory<B> {
  const e = peekUndo(h);
  return e ? { done: h.done.slice(0, -1), undone: [...h.undone, e] } : h;
}

/**
 * The entry an undo (or redo) was about to replay can never be replayed: its record
 * changed meanwhile (someone else's edit). Dropped, so that the next undo does not force it.
 */
export function forget<B extends BoardBar>(h: MoveHistory<B>, kind: 'undo' | 'redo'): MoveHistory<B> {
  return kind === 'undo'
    ? { done: h.done.slice(0, -1), undone: h.undone }
    : { done: h.done, undone: h.undone.slice(0, -1) };
}

/** The last undone move was redone. */
export function redoDone<B extends BoardBar>(h: MoveHistory<B>): MoveHistory<B> {
  const e = peekRedo(h);
  return e ? { done: [...h.done, e], undone: h.undone.slice(0, -1) } : h;
}
