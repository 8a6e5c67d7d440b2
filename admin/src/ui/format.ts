// French display formats of the screens: dates DD/MM/YYYY, amounts from integer cents,
// phone numbers, date and time in the campsite's time zone.
import { formatDateFr } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { formatPhone } from '../../../common/phones';

export const dateFr = formatDateFr;
export const euros = (c: number | null | undefined) => (c == null ? '' : formatCents(c));
export const phoneFr = formatPhone;
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
export const dateTimeFr = (v: string | null | undefined) => (v ? dateTime.format(new Date(v)) : '');
