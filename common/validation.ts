// One validation for the API and the forms: ajv 2020 in strict mode with the x-
// vocabulary, errors turned into French messages keyed by field.
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { registerVocabulary } from './vocabulary';
import { FORMATS } from './formats';
import { formatMessage, isMessageCode, type MessageCode } from './messages';
import type { EntityMeta, FieldMeta } from './entity-meta';
import { birthDateError, isBirthDateField } from './date-sanity';

/**
 * Characters no text field may hold: C0 controls but tab, LF and CR; DEL; and lone
 * UTF-16 surrogates, which UTF-8 cannot carry (the database would store U+FFFD instead,
 * so what is written and what is read back would differ).
 */
export const CONTROL_CHARACTERS = new RegExp(
  [
    // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.source,
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.source, // a high surrogate alone
    /(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.source, // a low surrogate alone
  ].join('|'),
);

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  registerVocabulary(ajv);
  for (const [name, test] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate: test });
  return ajv;
}

export type FieldErrors = Record<string, string>;

const FORMAT_MESSAGES: Record<string, MessageCode> = {
  date: 'INVALID_DATE',
  'date-time': 'INVALID_DATETIME',
  email: 'INVALID_EMAIL',
  color: 'INVALID_COLOR',
  iban: 'INVALID_IBAN',
  siren: 'INVALID_SIREN',
  siret: 'INVALID_SIRET',
  phone: 'INVALID_PHONE',
  uri: 'INVALID_URL',
};
const TYPE_MESSAGES: Record<string, MessageCode> = {
  integer: 'INVALID_INTEGER',
  number: 'INVALID_NUMBER',
  string: 'INVALID_TEXT',
  boolean: 'INVALID_BOOLEAN',
};

function messageFor(err: ErrorObject, field: FieldMeta | undefined): string {
  const custom = field?.message && isMessageCode(field.message) ? field.message : undefined;
  switch (err.keyword) {
    case 'required':
      return formatMessage('REQUIRED');
    case 'type': {
      const t =
        String(err.params.type)
          .split(',')
          .find((x) => x !== 'null') ?? '';
      return formatMessage(TYPE_MESSAGES[t] ?? 'INVALID_FORMAT');
    }
    case 'format':
      return formatMessage(custom ?? FORMAT_MESSAGES[err.params.format] ?? 'INVALID_FORMAT');
    case 'pattern':
      return formatMessage(custom ?? 'INVALID_FORMAT');
    case 'enum':
      return formatMessage('INVALID_CHOICE');
    case 'minimum':
      return custom
        ? formatMessage(custom)
        : err.params.limit === 0
          ? formatMessage('MUST_BE_POSITIVE')
          : formatMessage('MIN_VALUE', { limit: err.params.limit });
    case 'exclusiveMinimum':
      return custom
        ? formatMessage(custom)
        : err.params.limit === 0
          ? formatMessage('MUST_BE_STRICTLY_POSITIVE')
          : formatMessage('MIN_VALUE', { limit: err.params.limit });
    case 'maximum':
    case 'exclusiveMaximum':
      return custom ? formatMessage(custom) : formatMessage('MAX_VALUE', { limit: err.params.limit });
    case 'maxLength':
      return formatMessage('TOO_LONG', { limit: err.params.limit });
    case 'minLength':
      return err.params.limit === 1
        ? formatMessage('REQUIRED')
        : formatMessage('TOO_SHORT', { limit: err.params.limit });
    case 'additionalProperties':
      return formatMessage('UNKNOWN_FIELD');
    default:
      return formatMessage(custom ?? 'INVALID_FORMAT');
  }
}

export interface EntityValidator {
  (record: Record<string, unknown>): FieldErrors | null;
}

const isHour = (v: unknown): boolean => typeof v === 'string' && /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(v);

/** Validates a whole record (system fields removed) against the entity schema. */
export function compileEntityValidator(ajv: Ajv2020, meta: EntityMeta): EntityValidator {
  const validate: ValidateFunction = ajv.getSchema(meta.schema.$id) ?? ajv.compile(meta.schema);
  const byName = new Map(meta.fields.map((f) => [f.name, f]));
  return (input) => {
    const errors: FieldErrors = {};
    // A null where no null is allowed means the value is missing.
    const record: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) {
      const f = byName.get(k);
      if (v === null && f && !f.nullable) errors[k] = formatMessage('REQUIRED');
      else record[k] = v;
    }
    if (!validate(record)) {
      for (const err of validate.errors ?? []) {
        const field =
          err.keyword === 'required'
            ? err.params.missingProperty
            : err.keyword === 'additionalProperties'
              ? err.params.additionalProperty
              : err.instancePath.split('/')[1] || '_';
        if (!errors[field] && !(err.keyword === 'required' && field in input))
          errors[field] = messageFor(err, byName.get(field));
      }
    }
    for (const f of meta.fields) {
      const v = record[f.name];
      // NUL and other control characters (tab and line breaks aside) are never text.
      if (typeof v === 'string' && CONTROL_CHARACTERS.test(v) && !errors[f.name])
        errors[f.name] = formatMessage('INVALID_CHARACTERS');
      // A birth date is in the past (and not before 1900).
      if (f.kind === 'date' && typeof v === 'string' && isBirthDateField(f.name) && !errors[f.name]) {
        const e = birthDateError(v);
        if (e) errors[f.name] = e;
      }
      // Required text may not be blank.
      if (
        f.required &&
        typeof record[f.name] === 'string' &&
        (record[f.name] as string).trim() === '' &&
        !errors[f.name]
      ) {
        errors[f.name] = formatMessage('REQUIRED');
      }
      // x-after: this date (or number) must come strictly after another field.
      if (f.after && record[f.name] != null && record[f.after] != null && !errors[f.name] && !errors[f.after]) {
        // Two hours (HH:MM) compare as text too; their refusal speaks of hours (§5, docs/entities.md#validation).
        const hours = isHour(record[f.name]) && isHour(record[f.after]);
        if (record[f.name] === record[f.after])
          errors[f.name] = formatMessage(hours ? 'START_HOUR_BEFORE_END' : 'START_NOT_EQUAL_END');
        else if ((record[f.name] as string) < (record[f.after] as string))
          errors[f.name] = formatMessage(hours ? 'START_HOUR_BEFORE_END' : 'START_BEFORE_END');
      }
    }
    return Object.keys(errors).length ? errors : null;
  };
}
