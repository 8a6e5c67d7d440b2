// Read-only cells of the generated lists, formatted fr-FR.
import { FunctionField, type FieldProps } from 'react-admin';
import { formatCents, formatRate } from '../../../common/money';
import { formatDateFr } from '../../../common/dates';
import { dateTimeFr } from '../ui/format';

type P = FieldProps & { source: string; label: string };
const numberFr = new Intl.NumberFormat('fr-FR');

type Cells = Record<string, unknown>;
// A cell's value is of the column's field kind (money, date…), which chose this cell: the one cast.
const cell = <V,>(p: P, render: (v: V) => string) => (
  <FunctionField
    {...p}
    render={(r: Cells) => (r?.[p.source] === null || r?.[p.source] === undefined ? '' : render(r[p.source] as V))}
  />
);

export const MoneyField = (p: P) => cell({ ...p, textAlign: 'right' } as P, (v: number) => formatCents(v));
export const RateField = (p: P) => cell({ ...p, textAlign: 'right' } as P, (v: number) => `${formatRate(v)} %`);
export const NumberFr = (p: P) => cell({ ...p, textAlign: 'right' } as P, (v: number) => numberFr.format(v));
export const DateFr = (p: P) => cell(p, (v: string) => formatDateFr(v));
export const DateTimeFr = (p: P) => cell(p, (v: string) => dateTimeFr(v));
export const EnumField = ({ choices, ...p }: P & { choices: { id: string | number; name: string }[] }) =>
  cell(p, (v: string | number) => choices.find((c) => c.id === v)?.name ?? String(v));
export const ColorField = (p: P) => (
  <FunctionField
    {...p}
    render={(r: Cells) =>
      typeof r?.[p.source] === 'string' && r[p.source] ? (
        <span
          title={r[p.source] as string}
          style={{
            display: 'inline-block',
            width: 18,
            height: 18,
            borderRadius: 4,
            background: r[p.source] as string,
            border: '1px solid #0003',
          }}
        />
      ) : null
    }
  />
);
