// An issued bill as /bill/{billId} shows it (the route's IssuedBill): the stored bill with its
// lines, what remains after credit notes, the bill it credits, its credit notes and payments.
// Its seller and customer are frozen at issue: the fields the screen reads, each possibly absent
// from an older bill.
import type { RestAnswer } from '../../admin/src/ui/client';

export type BillView = RestAnswer<'/bill/view/{billId}', 'get'>;
export type SellerSnapshot = NonNullable<BillView['sellerSnapshot']>;
export type CustomerSnapshot = NonNullable<BillView['customerSnapshot']>;
