// State of /surety-list: the calculation type, the arrival range, the two lists, the
// channel, the deposit provider, and the toast (one at a time).
import { useCallback, useEffect, useState } from 'react';
import { todayParis } from '../../common/dates';
import { countFr } from '../../common/french';
import { rest, useCan } from '../../admin/src/ui';
import {
  endAfterStart,
  initialRange,
  sendNotice,
  type Calcul,
  type Channel,
  type SuretyLists,
} from './surety-list-model';

export const SURETY = 'customer.surety';
type Severity = 'success' | 'error' | 'warning';

export function useSuretyList() {
  const canSend = useCan(SURETY, 'write');
  const [calcul, setCalcul] = useState<Calcul | null>(null);
  const [start, setStart] = useState(() => initialRange(todayParis()).start);
  const [end, setEnd] = useState(() => initialRange(todayParis()).end);
  const [lists, setLists] = useState<SuretyLists | null>(null);
  const [busy, setBusy] = useState(false);
  const [channel, setChannel] = useState<Channel>('email');
  // The deposit provider of the surety module (§7, docs/api.md), when the installation has one.
  const [provider, setProvider] = useState<string | null>(null);
  const [toast, setToast] = useState<{ key: number; text: string; severity: Severity } | null>(null);
  const say = (text: string, severity: Severity) => setToast({ key: Date.now(), text, severity });

  const search = useCallback(
    async (from = start, to = end) => {
      setBusy(true);
      try {
        setLists(await rest('get', '/surety/list', { query: { startDate: from, endDate: to } }));
      } catch (e) {
        say((e as Error).message, 'error');
      } finally {
        setBusy(false);
      }
    },
    [start, end],
  );

  // Opening: empty list, configuration, then the search.
  useEffect(() => {
    setLists(null);
    rest('get', '/surety/configuration').then(
      (c) => {
        setCalcul(c.calcul);
        void search();
      },
      (e) => say((e as Error).message, 'error'),
    );
    rest('get', '/module/surety/index').then(
      (m) => setProvider(m.provider.configured ? m.provider.name : null),
      () => setProvider(null),
    );
    // Once, at opening: configuration then the first search (§2, docs/screens.md#documents-and-mail)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const changeStart = (v: string) => {
    setStart(v);
    setLists(null);
    const e = endAfterStart(v);
    if (e) setEnd(e);
  };
  const changeEnd = (v: string) => {
    setEnd(v);
    setLists(null);
  };

  const rows = [...(lists?.suretyList ?? []), ...(lists?.suretyReminderList ?? [])];
  const send = async () => {
    if (!rows.length) {
      say("Aucune sélection pour l'e-mailing", 'warning');
      return;
    }
    setBusy(true);
    try {
      const body = { startDate: start, endDate: end, bookingIds: rows.map((x) => x.bookingId), channel };
      const { text, severity } = sendNotice(channel, await rest('post', '/surety/send', { body }));
      say(text, severity);
    } catch (e) {
      say((e as Error).message, 'error');
    } finally {
      setBusy(false);
      setLists(null);
      void search();
    }
  };

  // The provider e-mails its own deposit request (a card imprint it holds) for the stays still to remind.
  const askProvider = async () => {
    const bookingIds = (lists?.suretyList ?? []).map((x) => x.bookingId);
    if (!bookingIds.length) {
      say("Aucune sélection pour l'e-mailing", 'warning');
      return;
    }
    setBusy(true);
    try {
      const r = await rest('post', '/module/surety/swikly/send', { body: { bookingIds } });
      say(
        `${countFr(r.sent.length, 'demande de caution transmise', 'demandes de caution transmises')} à ${provider}`,
        'success',
      );
    } catch (e) {
      say((e as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const c: Calcul = calcul ?? lists?.calcul ?? 1;
  return {
    canSend,
    c,
    start,
    end,
    lists,
    busy,
    channel,
    setChannel,
    provider,
    toast,
    setToast,
    search,
    changeStart,
    changeEnd,
    send,
    askProvider,
  };
}
