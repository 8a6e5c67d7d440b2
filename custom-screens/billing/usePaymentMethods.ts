// The payment methods the money screens offer (the generic list, typed by its record).
import { useQuery } from '@tanstack/react-query';
import { records, type EntityFilter, type EntityRecord } from '../../admin/src/ui/client';

export type PaymentMethod = EntityRecord<'payment-method'>;

// Each screen keeps its own cache key, as before the split.
const CHOICES = {
  active: { key: 'payment-methods-active', filter: { isActive: true } },
  bankable: { key: 'payment-methods-bankable', filter: { isActive: true } },
  vacaf: { key: 'payment-methods', filter: { isActive: true } },
  cash: { key: 'cash-methods', filter: { kind: 'cash' } },
  all: { key: 'payment-methods-all', filter: undefined },
} satisfies Record<string, { key: string; filter?: EntityFilter<'payment-method'> }>;

export function usePaymentMethods(which: keyof typeof CHOICES, enabled = true) {
  const { key, filter } = CHOICES[which];
  return useQuery({ queryKey: [key], queryFn: () => records.list('payment-method', { filter }), enabled });
}
