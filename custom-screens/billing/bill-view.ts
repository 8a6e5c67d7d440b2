// An issued bill as /bill/{billId} shows it: the stored bill with its lines, what remains
// after credit notes, the bill it credits, its credit notes and payments. The route's
// IssuedBill schema leaves the snapshots open and the notes and payments bare: those
// fields are named here, as the screen reads them.
import type { BillRecord, PaymentRecord } from '../../common/generated/types';
import type { components } from '../../admin/src/ui/client';

type Issued = components['schemas']['IssuedBill'];
export interface SellerSnapshot {
  corporateName?: string;
  siret?: string;
  vatNumber?: string;
}
export interface CustomerSnapshot {
  name?: string;
  email?: string | null;
  address1?: string | null;
  postalCode?: string | null;
  town?: string | null;
  country?: string | null;
}

export type BillView = Omit<BillRecord, 'sellerSnapshot' | 'customerSnapshot' | 'vatTotals'> & {
  sellerSnapshot: SellerSnapshot | null;
  customerSnapshot: CustomerSnapshot | null;
  state: NonNullable<Issued['state']>;
  remaining: number;
  lines: components['schemas']['BillLine'][];
  vatTotals: NonNullable<Issued['vatTotals']>;
  creditedBill: Pick<BillRecord, 'id' | 'number' | 'date'> | null;
  creditNotes: Pick<BillRecord, 'id' | 'number' | 'date' | 'totalInclVat' | 'reason'>[];
  payments: Pick<PaymentRecord, 'id' | 'date' | 'amount'>[];
};
