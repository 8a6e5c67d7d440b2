// The tenders of a ticket as POST /rest/sales/sell takes them.
import type { RestBody } from '../../admin/src/ui/client';
import type { Tender } from './payment/model';

type SellPayment = RestBody<'/sales/sell', 'post'>['payments'][number];
type Denomination = NonNullable<SellPayment['vouchers']>[number]['denomination'];

/** Paper vouchers are counted in the fields of ANCV_DENOMINATIONS, so each line's face value is one of them. */
export const sellPayments = (tenders: Tender[]): SellPayment[] =>
  tenders.map(({ vouchers, ...t }) => ({
    ...t,
    ...(vouchers ? { vouchers: vouchers.map((v) => ({ ...v, denomination: v.denomination as Denomination })) } : {}),
  }));
