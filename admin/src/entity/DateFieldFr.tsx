// The one French date field of the back office (issue 13, docs/stays.md#preferences): typed DD/MM/YYYY whatever
// the browser's language (« 24/11/2026 », « 24112026 », or an ISO paste), shown
// DD/MM/YYYY, with a French calendar (MUI X, dayjs « fr ») behind its button; the value
// given to the form and the API stays 'YYYY-MM-DD'. What is not a date gets a French
// message under the field and is never sent. DateInputFr is the same for react-admin forms.
import { useEffect, useState, type ReactNode } from 'react';
import { IconButton, InputAdornment, Popover, TextField, type SxProps, type Theme } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { frFR } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { InputHelperText, useInput, type InputProps, type ValidationErrorMessage } from 'react-admin';
import { formatDateFr } from '../../../common/dates';
import { DATE_INVALID_FR, parseDateInputFr } from '../../../common/date-input';

const PICKER_TEXT = frFR.components.MuiLocalizationProvider.defaultProps.localeText;

export interface DateFieldFrProps {
  label: string;
  /** 'YYYY-MM-DD', or empty */
  value: string | null | undefined;
  /** a valid day ('YYYY-MM-DD') or null when emptied; never called with an invalid text */
  onChange: (iso: string | null) => void;
  /** told when the text typed is not a date (or is again) */
  onInvalid?: (invalid: boolean) => void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  error?: boolean;
  helperText?: ReactNode;
  margin?: 'dense' | 'none' | 'normal';
  onBlur?: () => void;
  'data-testid'?: string;
}

export function DateFieldFr(p: DateFieldFrProps) {
  const [text, setText] = useState(formatDateFr(p.value));
  const [focused, setFocused] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const parsed = parseDateInputFr(text);
  // A half-typed date is not wrong yet: the message waits for the blur or a full length.
  const invalid = parsed === 'invalid' && (!focused || text.trim().length >= 10);
  // A value set from outside is shown; a wrong text stays beside its message.
  useEffect(() => {
    if (!focused) setText((t) => (parseDateInputFr(t) === 'invalid' && !p.value ? t : formatDateFr(p.value)));
  }, [p.value, focused]);
  const change = (t: string) => {
    setText(t);
    const v = parseDateInputFr(t);
    p.onInvalid?.(v === 'invalid');
    if (v !== 'invalid' && v !== (p.value || null)) p.onChange(v);
  };
  return (
    <>
      <TextField
        label={p.label}
        value={text}
        name={p.name}
        required={p.required}
        disabled={p.disabled}
        size={p.size ?? 'small'}
        fullWidth={p.fullWidth ?? false}
        margin={p.margin}
        sx={{ minWidth: 170, ...(p.sx as object) }}
        placeholder="JJ/MM/AAAA"
        error={invalid || !!p.error}
        helperText={invalid ? DATE_INVALID_FR : p.helperText}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          if (parsed !== 'invalid') setText(formatDateFr(parsed));
          p.onBlur?.();
        }}
        onChange={(e) => change(e.target.value)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: {
            inputMode: 'numeric',
            autoComplete: 'off',
            'data-testid': p['data-testid'],
            'aria-invalid': invalid || undefined,
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label="Ouvrir le calendrier"
                  title="Ouvrir le calendrier"
                  disabled={p.disabled}
                  onClick={(e) => setAnchor(e.currentTarget)}
                >
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="fr" localeText={PICKER_TEXT}>
          <DateCalendar
            value={parsed && parsed !== 'invalid' ? dayjs(parsed) : null}
            onChange={(d) => {
              if (!d || !d.isValid()) return;
              const iso = d.format('YYYY-MM-DD');
              setText(formatDateFr(iso));
              p.onInvalid?.(false);
              p.onChange(iso);
              setAnchor(null);
            }}
          />
        </LocalizationProvider>
      </Popover>
    </>
  );
}

type Common = InputProps & { label: string; isRequired?: boolean; readOnly?: boolean };

/** The French date field in a react-admin form: an invalid text blocks the save with its message. */
export function DateInputFr({ label, isRequired, readOnly, ...props }: Common) {
  const [invalid, setInvalid] = useState(false);
  const {
    field,
    fieldState,
    formState,
    isRequired: req,
  } = useInput({
    ...props,
    format: (v: unknown) => v,
    parse: (v: unknown) => v,
    validate: [
      ...(Array.isArray(props.validate) ? props.validate : props.validate ? [props.validate] : []),
      (v: unknown) => (v === 'invalid' ? DATE_INVALID_FR : undefined),
    ],
  });
  const shown = !!fieldState.error && (fieldState.isTouched || formState.isSubmitted);
  const message = fieldState.error?.message;
  return (
    <DateFieldFr
      label={label}
      name={String(props.source)}
      required={isRequired || req}
      disabled={readOnly || props.disabled}
      value={typeof field.value === 'string' && field.value !== 'invalid' ? field.value.slice(0, 10) : null}
      onChange={(v) => {
        setInvalid(false);
        field.onChange(v);
      }}
      // A wrong text holds the form back (its validator refuses 'invalid'); emptied or corrected, the form follows.
      onInvalid={(bad) => {
        setInvalid(bad);
        if (bad) field.onChange('invalid');
        else if (field.value === 'invalid') field.onChange(null);
      }}
      onBlur={field.onBlur}
      margin="dense"
      error={shown && !invalid}
      // A form-level or server error is { message, args }, not a string: InputHelperText renders both (never a crash).
      helperText={
        <InputHelperText
          error={shown && !invalid ? (message as ValidationErrorMessage | undefined) : undefined}
          helperText={typeof props.helperText === 'string' && props.helperText ? props.helperText : ' '}
        />
      }
    />
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The local day and hour of an instant: ['2026-11-24', '15:30']. */
function localParts(v: unknown): [string, string] {
  const d = typeof v === 'string' && v ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime())) return ['', ''];
  return [
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  ];
}
const TIME_RE = /^([01]?\d|2[0-3])[:h]([0-5]\d)$/;

/** A date and an hour the French way (« 24/11/2026 » and « 15:30 »), stored as an instant. */
export function DateTimeInputFr({ label, isRequired, readOnly, ...props }: Common) {
  const { field, fieldState, formState } = useInput({
    ...props,
    format: (v: unknown) => v,
    parse: (v: unknown) => v,
    validate: [
      ...(Array.isArray(props.validate) ? props.validate : props.validate ? [props.validate] : []),
      (v: unknown) => (v === 'invalid' ? 'Date ou heure invalide : JJ/MM/AAAA et HH:MM attendus' : undefined),
    ],
  });
  const [day, hour] = localParts(field.value);
  const [dayText, setDay] = useState(day);
  const [hourText, setHour] = useState(hour);
  useEffect(() => {
    if (field.value !== 'invalid') {
      setDay(day);
      setHour(hour);
    }
  }, [field.value, day, hour]);
  const shown = !!fieldState.error && (fieldState.isTouched || formState.isSubmitted);
  const combine = (d: string, h: string) => {
    if (!d && !h.trim()) return field.onChange(null);
    const m = TIME_RE.exec(h.trim() || '00:00');
    if (!d || !m) return field.onChange('invalid');
    field.onChange(new Date(`${d}T${pad(Number(m[1]))}:${m[2]}:00`).toISOString());
  };
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'flex-start' }}>
      <DateFieldFr
        label={label}
        name={String(props.source)}
        required={isRequired}
        disabled={readOnly || props.disabled}
        margin="dense"
        value={dayText}
        onChange={(v) => {
          setDay(v ?? '');
          combine(v ?? '', hourText);
        }}
        onInvalid={(bad) => {
          if (bad) field.onChange('invalid');
        }}
        onBlur={field.onBlur}
        error={shown}
        helperText={
          <InputHelperText
            error={shown ? (fieldState.error?.message as ValidationErrorMessage | undefined) : undefined}
            helperText={typeof props.helperText === 'string' && props.helperText ? props.helperText : ' '}
          />
        }
      />
      <TextField
        label="Heure"
        size="small"
        margin="dense"
        sx={{ width: 100 }}
        placeholder="HH:MM"
        value={hourText}
        disabled={readOnly || props.disabled}
        name={`${String(props.source)}Time`}
        error={shown}
        onChange={(e) => {
          setHour(e.target.value);
          combine(dayText, e.target.value);
        }}
        onBlur={field.onBlur}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric' } }}
      />
    </span>
  );
}
