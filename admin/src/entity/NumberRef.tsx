// A reference the user may not read, shown by its number (« n° 12 »).
import { FunctionField, type RaRecord } from 'react-admin';

export const numberRef = (id: unknown) => (id === null || id === undefined || id === '' ? '' : `n° ${id}`);

export const NumberRef = ({ source, label }: { source: string; label: string }) => (
  <FunctionField source={source} label={label} sortable={false} render={(r: RaRecord) => numberRef(r?.[source])} />
);
