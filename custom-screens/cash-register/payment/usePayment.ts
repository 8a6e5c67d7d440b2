// State of the till's payment dialog: the tenders added, the one being typed (kind, amount,
// gift code, paper vouchers counted), the guest's stay searched, and the payment sent.
import { useEffect, useState } from 'react';
import type { TillPaymentKind } from '../../../common/sales-totals';
import { rest } from '../../../admin/src/ui';
import type { TillMethod } from '../till/model';
import {
  amountText,
  countedVouchers,
  leftAndChange,
  tenderOf,
  voucherTenderOf,
  vouchersSum,
  type StayPresent,
  type Tender,
} from './model';

export interface PaymentProps {
  open: boolean;
  total: number;
  /** the holiday-voucher methods: paper ones are taken by count of each denomination */
  voucherMethods: TillMethod[];
  onPay: (tenders: Tender[], bookingId: number | null) => Promise<void>;
}

export function usePayment({ open, total, voucherMethods, onPay }: PaymentProps) {
  const [tenders, setTenders] = useState<Tender[]>([]);
  const [kind, setKind] = useState<TillPaymentKind>('cash');
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState('');
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [stayQuery, setStayQuery] = useState('');
  const [stays, setStays] = useState<StayPresent[]>([]);
  const [stay, setStay] = useState<StayPresent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setTenders([]);
      setStay(null);
      setError(null);
      setAmount('');
      setCode('');
      setCounts({});
    }
  }, [open]);
  // Paper vouchers are counted; electronic ones (Chèque-Vacances Connect) are an amount on their own method.
  const paperMethod = voucherMethods.find((m) => m.isPaperVoucher);
  const eMethod = voucherMethods.find((m) => !m.isPaperVoucher);
  const [voucherMethodId, setVoucherMethodId] = useState<number | null>(null);
  const chosenVoucher = voucherMethods.find((m) => m.id === voucherMethodId) ?? paperMethod ?? eMethod;
  const counting = kind === 'holiday-voucher' && !!chosenVoucher?.isPaperVoucher;
  const vouchers = countedVouchers(counts);
  const counted = vouchersSum(vouchers);
  const { left, change } = leftAndChange(total, tenders);
  useEffect(() => {
    setAmount(amountText(left));
  }, [left, open]);

  useEffect(() => {
    if (kind !== 'stay' || stayQuery.trim().length < 2) {
      setStays([]);
      return;
    }
    const id = setTimeout(() => {
      rest('get', '/sales/stays-present', { query: { q: stayQuery.trim() } }).then(setStays, () => setStays([]));
    }, 250);
    return () => clearTimeout(id);
  }, [kind, stayQuery]);

  const push = (t: Tender | string) => {
    if (typeof t === 'string') return setError(t);
    setError(null);
    setTenders([...tenders, t]);
    return true;
  };
  const add = (k: TillPaymentKind = kind, value = amount) => {
    if (k === 'holiday-voucher' && counting) {
      if (push(voucherTenderOf(vouchers, left, paperMethod!.id)) === true) setCounts({});
      return;
    }
    if (push(tenderOf(k, value, code, stay, chosenVoucher)) === true) setCode('');
  };
  const remove = (i: number) => setTenders(tenders.filter((_, j) => j !== i));
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      await onPay(tenders, tenders.some((t) => t.kind === 'stay') ? (stay?.id ?? null) : null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const quick = (k: TillPaymentKind) => () => add(k, (left / 100).toFixed(2).replace('.', ','));
  return {
    tenders,
    kind,
    setKind,
    amount,
    setAmount,
    code,
    setCode,
    counts,
    setCounts,
    stayQuery,
    setStayQuery,
    stays,
    stay,
    setStay,
    error,
    busy,
    paperMethod,
    eMethod,
    chosenVoucher,
    setVoucherMethodId,
    counting,
    counted,
    left,
    change,
    add,
    remove,
    pay,
    quick,
  };
}
export type PaymentState = ReturnType<typeof usePayment>;
