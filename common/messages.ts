// The message catalogue: every code the server may answer, with its French text.
// The admin shows `message`; codes let tests and clients react without parsing text.
// `%{name}` placeholders are filled by `formatMessage`.
// Written in four parts by area (messages-*.ts), each code in exactly one of them.
import { GENERAL_MESSAGES } from './messages-general';
import { STAY_MESSAGES } from './messages-stays';
import { BILLING_MESSAGES } from './messages-billing';
import { AREA_MESSAGES } from './messages-areas';

export const MESSAGES = { ...GENERAL_MESSAGES, ...STAY_MESSAGES, ...BILLING_MESSAGES, ...AREA_MESSAGES } as const;

export type MessageCode = keyof typeof MESSAGES;

export function formatMessage(code: MessageCode, params?: Record<string, string | number>): string {
  let text: string = MESSAGES[code];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`%{${k}}`, String(v));
  return text;
}

export function isMessageCode(code: string): code is MessageCode {
  return Object.prototype.hasOwnProperty.call(MESSAGES, code);
}
