// The UI kit of hand-written screens: what admin/src/pages and every custom-screens/
// area import (one door into the admin, so that no screen reaches into its insides):
// the frame, tables, dialogs, French formats and fields, the API client, rights.
export { Page, FormRow } from './Page';
export { DataTable, type Column, type Row } from './DataTable';
export { AskDialog, type AskField } from './AskDialog';
export { DateBox } from './DateBox';
export { dateFr, dateTimeFr, euros, phoneFr } from './format';
export { isPositiveId } from './ids';
export { newIdempotencyKey, useIdempotencyKeys } from './idempotency';
export { PrintButton } from './PrintButton';
export * from './client';
export { RequireRight } from '../auth/RequireRight';
export { NotFound } from '../layout/NotFound';
export { useLeaveGuard } from '../layout/useLeaveGuard';
export { DateFieldFr, DateInputFr, DateTimeInputFr, type DateFieldFrProps } from '../entity/DateFieldFr';
export { MoneyInput, RateInput, NumberInputFr, parseFloatFr, EnumInput, RefInput } from '../entity/inputs';
export { MoneyField, RateField, NumberFr, DateFr, DateTimeFr, EnumField } from '../entity/fields';
export { EntityForm, EntityList } from '../entity';
export { ExportPrintMenu, type ExportPrintHandle } from '../entity/ExportPrintMenu';
export { useFunctionKeys } from '../entity/useFunctionKeys';
export { useFormValidator } from '../entity/validation';
export { staleCurrent } from '../entity/StaleRecord';
export { generatedScreen } from './generatedScreen';
