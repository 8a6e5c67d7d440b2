// Inputs the generated forms use. Numbers are typed the French way ("1 234,50 €"):
// the text stays as typed while focused and is re-formatted on blur.
import { useEffect, useState } from 'react';
import { TextField as MuiTextField } from '@mui/material';
import {
  AutocompleteInput,
  InputHelperText,
  ReferenceInput,
  SelectInput,
  TextInput,
  useInput,
  type InputProps,
  type ValidationErrorMessage,
} from 'react-admin';
import { parseDecimal } from '../../../common/money';
import { useCurrentUser } from '../auth/useCan';
import { readsEntity } from '../auth/readable';
import { numberRef } from './NumberRef';

interface ScaledProps extends InputProps {
  label: string;
  isRequired?: boolean;
  readOnly?: boolean;
  /** fraction digits stored in the integer (2 for cents and basis points) */
  scale: number;
  integer?: boolean;
  /** unit shown after the value, and accepted (ignored) when typed: "1 234,50 €", "5,5 %" */
  suffix?: '€' | '%';
  invalidText: string;
}

function toText(value: unknown, scale: number): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'number') return String(value);
  if (scale === 0) return String(value).replace('.', ',');
  const neg = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const unit = 10 ** scale;
  return `${neg}${Math.floor(abs / unit)},${String(abs % unit).padStart(scale, '0')}`;
}

function ScaledNumberInput({
  label,
  isRequired,
  readOnly,
  scale,
  integer,
  suffix,
  invalidText,
  ...props
}: ScaledProps) {
  const parse = (text: string): number | string | null => {
    const n = scale === 0 && !integer ? parseFloatFr(text) : parseDecimal(text, scale, suffix);
    return n === null ? null : Number.isNaN(n) ? text : n;
  };
  const {
    field,
    fieldState,
    formState,
    isRequired: req,
  } = useInput({
    ...props,
    validate: (v: unknown) => (typeof v === 'string' && v !== '' ? invalidText : undefined),
  });
  const [text, setText] = useState(() => toText(field.value, scale));
  const shown = !!fieldState.error && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setText(toText(field.value, scale));
  }, [field.value, focused, scale]);
  return (
    <MuiTextField
      label={label}
      value={text}
      required={isRequired || req}
      disabled={readOnly}
      size="small"
      margin="dense"
      sx={{ minWidth: 200 }}
      error={shown}
      // A form-level or server error is { message, args }, not a string: InputHelperText renders both (never a crash).
      helperText={
        <InputHelperText
          error={shown ? (fieldState.error?.message as ValidationErrorMessage | undefined) : undefined}
          helperText={typeof props.helperText === 'string' && props.helperText ? props.helperText : ' '}
        />
      }
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        field.onBlur();
      }}
      onChange={(e) => {
        setText(e.target.value);
        field.onChange(parse(e.target.value));
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', name: String(props.source) },
        input: suffix ? { endAdornment: <span style={{ marginLeft: 4 }}>{suffix}</span> } : undefined,
      }}
    />
  );
}

/** A French decimal of any precision ("1 234,5"): null for nothing, NaN when not a number. */
export function parseFloatFr(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (s === '') return null;
  return /^[+-]?\d*(\.\d*)?$/.test(s) && s !== '.' ? Number(s) : Number.NaN;
}

type Common = InputProps & { label: string; isRequired?: boolean; readOnly?: boolean };

export const MoneyInput = (p: Common) => (
  <ScaledNumberInput {...p} scale={2} suffix="€" invalidText="Montant invalide" />
);
export const RateInput = (p: Common) => <ScaledNumberInput {...p} scale={2} suffix="%" invalidText="Taux invalide" />;
export const NumberInputFr = ({ integer, ...p }: Common & { integer?: boolean }) => (
  <ScaledNumberInput
    {...p}
    scale={0}
    integer={integer}
    invalidText={integer ? 'Nombre entier attendu' : 'Nombre invalide'}
  />
);

/** The French date field (DD/MM/YYYY typed and shown, 'YYYY-MM-DD' stored): DateFieldFr.tsx. */
export { DateInputFr, DateFieldFr, DateTimeInputFr } from './DateFieldFr';

export const EnumInput = ({
  choices,
  isRequired,
  readOnly,
  ...p
}: Common & { choices: { id: string | number; name: string }[] }) => (
  <SelectInput {...p} choices={choices} isRequired={isRequired} disabled={readOnly} emptyText="—" />
);

export const ColorInput = ({ isRequired, readOnly, ...p }: Common) => (
  <TextInput {...p} type="color" isRequired={isRequired} disabled={readOnly} sx={{ minWidth: 120 }} />
);

export const JsonInput = ({ isRequired, readOnly, ...p }: Common) => (
  <TextInput
    {...p}
    multiline
    minRows={3}
    isRequired={isRequired}
    disabled={readOnly}
    format={(v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2))}
    parse={(t: string) => {
      if (t.trim() === '') return null;
      try {
        return JSON.parse(t);
      } catch {
        return t;
      }
    }}
  />
);

/**
 * A reference: autocomplete with server search (3 characters) or a plain select. One the
 * user may not read (auth/readable.ts) is shown read-only by its number, not asked for.
 */
export function RefInput(p: Common & { reference: string; optionText: string; searchable?: boolean }) {
  const { user } = useCurrentUser();
  return readsEntity(user, p.reference) ? <ReadableRefInput {...p} /> : <UnreadableRef {...p} />;
}

function UnreadableRef({ source, label }: { source: string; label: string }) {
  const { field } = useInput({ source });
  return (
    <MuiTextField
      label={label}
      value={numberRef(field.value)}
      size="small"
      margin="dense"
      disabled
      sx={{ minWidth: 200 }}
      helperText="Fiche que vos droits ne permettent pas de consulter"
    />
  );
}

function ReadableRefInput({
  reference,
  optionText,
  searchable,
  isRequired,
  readOnly,
  label,
  validate: _v,
  ...p
}: Common & { reference: string; optionText: string; searchable?: boolean }) {
  return (
    <ReferenceInput
      {...p}
      reference={reference}
      perPage={searchable ? 25 : 500}
      sort={{ field: optionText, order: 'ASC' }}
    >
      {searchable ? (
        <AutocompleteInput
          label={label}
          optionText={optionText}
          isRequired={isRequired}
          disabled={readOnly}
          filterToQuery={(q: string) => (q && q.trim().length >= 3 ? { q } : {})}
          helperText="3 caractères minimum pour chercher"
        />
      ) : (
        <SelectInput label={label} optionText={optionText} isRequired={isRequired} disabled={readOnly} emptyText="—" />
      )}
    </ReferenceInput>
  );
}
