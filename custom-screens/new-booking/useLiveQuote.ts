// The wizard's live price (steps 4 to 6): the server's preview of the occupancy as it
// would be saved (POST /rest/occupancy/{id}/quote), asked a quarter of a second after
// the last change; no total is ever computed here or sent.
import { useEffect, useMemo, useState } from 'react';
import { rest, type RestBody } from '../../admin/src/ui';
import type { StoredPrice } from '../bookings/PriceBreakdown';
import { answerAs } from '../billing/answer';
import type { Quote } from './PriceSteps';
import { errorText, previewBody, type Draft } from './wizardModel';

export function useLiveQuote(draft: Draft, occupancyId: number, activeKey: number) {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const quoteBody = useMemo(
    () => JSON.stringify(occupancyId && draft.placeId && draft.startDate && draft.endDate ? previewBody(draft) : null),
    [draft, occupancyId],
  );
  useEffect(() => {
    if (activeKey < 4 || quoteBody === 'null') return;
    let live = true;
    const t = setTimeout(() => {
      // previewBody's, kept as JSON for the effect's dependency.
      const body = JSON.parse(quoteBody) as RestBody<'/occupancy/{id}/quote', 'post'>;
      // The answer's schema (StoredPrice, PricingQuote) marks no field required: read as the bookings' StoredPrice.
      answerAs<StoredPrice>(rest('post', '/occupancy/{id}/quote', { path: { id: occupancyId }, body }))
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
  }, [quoteBody, activeKey, occupancyId]);
  return { quote, quoteError };
}
