// A list's reference cell: the referenced record's label when the user may read that entity
// (its own right or as a lookup), otherwise its number — the server would refuse the read.
import { ReferenceField, type ReferenceFieldProps } from 'react-admin';
import { useCurrentUser } from '../auth/useCan';
import { readsEntity } from '../auth/readable';
import { NumberRef } from './NumberRef';

export function RefField(p: ReferenceFieldProps & { source: string; label: string }) {
  const { user } = useCurrentUser();
  return readsEntity(user, p.reference) ? <ReferenceField {...p} /> : <NumberRef source={p.source} label={p.label} />;
}
