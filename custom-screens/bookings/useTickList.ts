// The arrivals' or departures' list state: the day, its rows, the tick being confirmed.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { rest } from '../../admin/src/ui';
import { useDay } from './dayColumns';
import { TICK_UI, tickBody, type Tick } from './dayTicks';

export function useTickList(mode: 'arrival' | 'departure') {
  const { date, setDate } = useDay();
  const notify = useNotify();
  const qc = useQueryClient();
  const [asked, setAsked] = useState<Tick | null>(null);
  const path = mode === 'arrival' ? '/booking/arrivals' : '/booking/departures';
  const rows = useQuery({
    queryKey: ['booking-day', path, date],
    queryFn: () => rest('get', path, { query: { date } }),
  });
  // One click opens a confirmation: a slip of the hand no longer records an arrival or a departure.
  const run = async ({ row, action }: Tick, values: Record<string, string>) => {
    await rest('post', `/booking/{id}/${action}`, {
      path: { id: row.bookingId },
      body: tickBody({ row, action }, values),
    });
    notify(TICK_UI[action].done(row), { type: 'success' });
    qc.invalidateQueries({ queryKey: ['booking-day'] });
  };
  return { date, setDate, rows, asked, setAsked, run };
}
