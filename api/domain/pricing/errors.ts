// Input the engine cannot price at all (not a warning): the route maps `code` to a 400.
// Every code and its French text live in the shared catalogue (common/messages.ts).
import { MESSAGES, type MessageCode } from '../../../common/messages';

export type PricingErrorCode = MessageCode;

export class PricingError extends Error {
  readonly code: PricingErrorCode;
  readonly detail: string | null;

  constructor(code: PricingErrorCode, detail: string | null = null) {
    const text = MESSAGES[code];
    super(detail ? `${text} (${detail})` : text);
    this.name = 'PricingError';
    this.code = code;
    this.detail = detail;
  }
}
