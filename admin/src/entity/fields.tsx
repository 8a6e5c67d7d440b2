// Read-only cells of the generated lists, formatted fr-FR.
import { FunctionField, type FieldProps } from 'react-admin';
import { formatCents, formatRate } from '../../../common/money';
import { formatDateFr } from '../../../common/dates';
import { dateTimeFr } from '../ui/format';

type P = FieldProps & { source: string; label: string };
const numberFr = new Intl.NumberFormat('fr-FR');

const cell = (p: P, render: (v: any) => string) => (
  <FunctionField
    {...p}
    render={(r: any) => (r?.[p.source] === null || r?.[p.source] === undefined ? '' : render(r[p.source]))}
  />
);

export const MoneyField = (p: P) => cell({ ...p, textAlign: 'right' } as P, (v) => formatCents(v));
export const RateField = (p: P) => cell({ ...p, textAlign: 'right' } as P, (v) => `${formatRate(v)} %`);
export const NumberFr = (p: P) => cell({ ...p, textAlign: 'right' } as P, (v) => numberFr.format(v));
export const DateFr = (p: P) => cell(p, (v) => formatDateFr(v));
export const DateTimeFr = (p: P) => cell(p, (v) => dateTimeFr(v));
export const EnumField = ({ choices, ...p }: P & { choices: { id: string | number; name: string }[] }) =>
  cell(p, (v) => choices.find((c) => c.id === v)?.name ?? String(v));
export const ColorField = (p: P) => (
  <FunctionField
    {...p}
    render={(r: any) =>
      r?.[p.source] ? (
        <span
          title={r[p.source]}
          style={{
            display: 'inline-block',
            width: 18,
            height: 18,
            borderRadius: 4,
            background: r[p.source],
            border: '1px solid #0003',
          }}
        />
      ) : null
    }
  />
);
