// Warnings of spec §8 (docs/errors.md#messages): the quote is still produced, the screen shows them. Every code
// and its French text live in the shared catalogue (common/messages.ts).
import { MESSAGES } from '../../../common/messages';
import type { PricingWarning } from './types';

const WARNING_CODES = [
  'PRICE_MANUALLY_CHANGED',
  'OPTIONS_DATE_CUTS',
  'OPTION_NOT_MAPPED',
  'NO_PRICING_FOR_PERIOD',
  'PRICE_PER_NIGHT_REQUIRED',
  'SPECIAL_DURATION_DATES',
  'ARRIVAL_DAY_NOT_ALLOWED',
  'DEPARTURE_DAY_NOT_ALLOWED',
  'MIN_NIGHTS_NOT_MET',
  'SENIOR_REQUIRED',
  'PROMO_CODE_NOT_APPLICABLE',
  'TOURIST_TAX_TARIFF_MISSING',
  'DISCOUNT_NOT_FOUND',
  'EXEMPTIONS_ABOVE_OCCUPANTS',
] as const;

export type PricingWarningCode = (typeof WARNING_CODES)[number];

export const PRICING_WARNING_TEXTS = Object.fromEntries(WARNING_CODES.map((code) => [code, MESSAGES[code]])) as Record<
  PricingWarningCode,
  string
>;

/** Adds a warning once per (code, subject). */
export function warn(list: PricingWarning[], code: PricingWarningCode, subject: string | null = null): void {
  for (const w of list) if (w.code === code && w.subject === subject) return;
  list.push({ code, message: PRICING_WARNING_TEXTS[code], subject });
}
