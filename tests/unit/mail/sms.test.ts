// SMS numbers and texts (api/domain/mail/sms.ts): a French mobile in international
// form, landlines and junk refused; the text is the subject then the body, cut at three
// messages.
import { describe, expect, it } from 'vitest';
import { SMS_MAX_LENGTH, smsNumber, smsText } from '../../../api/domain/mail/sms';

describe('SMS numbers', () => {
  it('puts French mobiles in international form and keeps international numbers', () => {
    expect(smsNumber('06 12 34 56 78')).toBe('+33612345678');
    expect(smsNumber('07.00.00.00.01')).toBe('+33700000001');
    expect(smsNumber('+44 7700 900123')).toBe('+447700900123');
    expect(smsNumber('0044 7700 900123')).toBe('+447700900123');
  });

  it('refuses landlines, short numbers and empty values', () => {
    for (const v of ['05 58 00 00 00', '01 23 45 67 89', '12345', '', null, undefined, 'appeler le soir'])
      expect(smsNumber(v), String(v)).toBeNull();
  });
});

describe('SMS text', () => {
  it('is the subject, then the body, at most three messages long', () => {
    expect(smsText('Acompte B-12', 'Merci de régler 90,00 €.')).toBe('Acompte B-12\nMerci de régler 90,00 €.');
    const long = smsText('Sujet', 'x'.repeat(1000));
    expect(long).toHaveLength(SMS_MAX_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});
