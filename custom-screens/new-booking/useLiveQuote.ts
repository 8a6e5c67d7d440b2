// The wizard's live price (steps 4 to 6): the server's preview of the occupancy as it
// would be saved (POST /rest/occupancy/{id}/quote), asked a quarter of a second after
// the last change; no total is ever computed here or sent.
import { useEffect, useMemo, useState } from 'react';
import { rest } from '../../admin/src/ui';
import type { Quote } from './PriceSteps';
import { errorText, previewBody, type Draft } from './wizardModel';

export function useLiveQuote(draft: Draft, occupancyId: number, activeKey: number) {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const body = useMemo(
    () => (occupancyId && draft.placeId && draft.startDate && draft.endDate ? previewBody(draft) : null),
    [draft, occupancyId],
  );
  // The server is asked again only when the body's content changes, not at each new draft object.
  const bodyKey = JSON.stringify(body);
  useEffect(() => {
    if (activeKey < 4 || body === null) return;
    let live = true;
    const t = setTimeout(() => {
      rest('post', '/occupancy/{id}/quote', { path: { id: occupancyId }, body })
        .then((p) => {
          if (live) {
            setQuote(p.quote);
            setQuoteError(p.error?.message ?? null);
          }
        })
        .catch((e) => {
          if (live) {
            setQuote(null);
            setQuoteError(errorText(e));
          }
        });
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `body` is read through its content, bodyKey
  }, [bodyKey, activeKey, occupancyId]);
  return { quote, quoteError };
}
