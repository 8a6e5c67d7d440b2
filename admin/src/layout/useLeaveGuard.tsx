// Leaving a page with unsaved work (§2 (docs/screens.md#leaving-pages) "Behaviour on leaving pages"): while `when`
// holds, in-app navigation asks for confirmation ("changes will not be saved");
// confirming runs `onLeave` (e.g. the booking wizard and the rent-receipt page set
// stateId 2 — "user abandoned the page" — when their state is not 3) and then
// leaves; cancelling stays. Closing or reloading the tab gets the browser's own
// prompt. One guard per page (react-router allows one blocker at a time).
//
//   const { dialog } = useLeaveGuard({
//     when: receipt.stateId === 1,
//     onLeave: () =>
//       rest('post', '/rent-receipt/{rentReceiptId}/state', { path: { rentReceiptId }, body: { stateId: 2 } }),
//   });
//   return <>{form}{dialog}</>;
import { MESSAGES } from '../../../common/messages';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction, type Location } from 'react-router-dom';
import { Confirm } from 'react-admin';

export interface LeaveGuardOptions {
  /** guard while true */
  when: boolean;
  /** run after the user confirms, before leaving (awaited; a failure still leaves) */
  onLeave?: () => unknown | Promise<unknown>;
  title?: string;
  message?: string;
}

export const LEAVE_MESSAGE: string = MESSAGES.LEAVE_LOSES_CHANGES;

/** Leaving means another pathname; a search or hash change on the same page is not leaving. */
export function isLeaving(
  when: boolean,
  current: Pick<Location, 'pathname'>,
  next: Pick<Location, 'pathname'>,
): boolean {
  return when && current.pathname !== next.pathname;
}

export function useLeaveGuard({
  when,
  onLeave,
  title = 'Quitter la page ?',
  message = LEAVE_MESSAGE,
}: LeaveGuardOptions): { dialog: ReactNode; blocked: boolean } {
  const whenRef = useRef(when);
  whenRef.current = when;
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) => isLeaving(whenRef.current, currentLocation, nextLocation),
      [],
    ),
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const confirm = async () => {
    if (blocker.state !== 'blocked') return;
    const waiting = blocker;
    setBusy(true);
    try {
      await onLeave?.();
    } catch {
      /* leaving anyway */
    }
    setBusy(false);
    waiting.proceed?.();
  };
  const cancel = () => {
    if (blocker.state === 'blocked') blocker.reset();
  };

  const dialog = (
    <Confirm
      isOpen={blocker.state === 'blocked'}
      loading={busy}
      title={title}
      content={message}
      confirm="Quitter"
      cancel="Rester"
      onConfirm={confirm}
      onClose={cancel}
    />
  );
  return { dialog, blocked: blocker.state === 'blocked' };
}

/** The same as a component: `<LeaveGuard when={dirty} onLeave={abandon} />`. */
export function LeaveGuard(props: LeaveGuardOptions) {
  return <>{useLeaveGuard(props).dialog}</>;
}
