// The date filter of lists and screens.
import { DateFieldFr } from '../entity/DateFieldFr';

/** A date filter: the French date field (DD/MM/YYYY typed and shown, YYYY-MM-DD in value). */
export function DateBox({
  label,
  value,
  onChange,
  name,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  name?: string;
}) {
  return <DateFieldFr label={label} value={value} name={name} onChange={(v) => onChange(v ?? '')} />;
}
