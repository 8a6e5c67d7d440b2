// Choosing a customer: type 3 characters of a name, a code, an e-mail or a town.
import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { records } from '../../admin/src/ui';

export interface CustomerOption {
  id: number;
  code: string;
  lastName: string;
  firstName: string | null;
  town: string | null;
}

export const customerLabel = (c: CustomerOption | null | undefined) =>
  c ? `${c.lastName}${c.firstName ? ` ${c.firstName}` : ''} (${c.code}${c.town ? `, ${c.town}` : ''})` : '';

export function CustomerPicker({
  label = 'Client',
  value,
  onChange,
  name = 'customer',
}: {
  label?: string;
  value: CustomerOption | null;
  onChange: (c: CustomerOption | null) => void;
  name?: string;
}) {
  const [text, setText] = useState('');
  const q = text.trim();
  const found = useQuery({
    queryKey: ['customer-picker', q],
    enabled: q.length >= 3,
    queryFn: async () =>
      (await records.list('customer', { filter: { q }, range: [0, 24] })).map((c): CustomerOption => ({
        id: c.id,
        code: c.code ?? '',
        lastName: c.lastName,
        firstName: c.firstName,
        town: c.town,
      })),
  });
  return (
    <Autocomplete
      sx={{ minWidth: 340 }}
      value={value}
      options={q.length >= 3 ? (found.data ?? []) : value ? [value] : []}
      getOptionLabel={customerLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onChange={(_e, v) => onChange(v)}
      onInputChange={(_e, v) => setText(v)}
      loading={found.isFetching}
      noOptionsText={q.length < 3 ? '3 caractères minimum pour chercher' : 'Aucun client'}
      renderInput={(params) => (
        <TextField {...params} label={label} size="small" name={name} helperText="3 caractères minimum pour chercher" />
      )}
    />
  );
}
