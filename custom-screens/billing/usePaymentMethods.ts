// The payment methods the money screens offer. The generic entity routes are not in the
// OpenAPI document (only defineRoute's are), so the read is typed by the generated record.
import { useQuery } from '@tanstack/react-query';
import type { PaymentMethodRecord } from '../../common/generated/types';
import { api } from '../../admin/src/ui/client';

export type PaymentMethod = PaymentMethodRecord;

// Each screen keeps its own cache key, as before the split.
const CHOICES = {
  active: { key: 'payment-methods-active', filter: { isActive: true } },
  bankable: { key: 'payment-methods-bankable', filter: { isActive: true } },
  vacaf: { key: 'payment-methods', filter: { isActive: true } },
  cash: { key: 'cash-methods', filter: { kind: 'cash' } },
  all: { key: 'payment-methods-all', filter: null },
} as const;

export const paymentMethodsPath = (filter: object | null) =>
  filter ? '/payment-method?filter=' + encodeURIComponent(JSON.stringify(filter)) : '/payment-method';

export function usePaymentMethods(which: keyof typeof CHOICES, enabled = true) {
  const { key, filter } = CHOICES[which];
  return useQuery({ queryKey: [key], queryFn: () => api<PaymentMethod[]>(paymentMethodsPath(filter)), enabled });
}
