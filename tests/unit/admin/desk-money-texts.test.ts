// The front desk's texts (issue 29, docs/history.md#issue-29): what the arrival and departure dialogs say about the
// money, the stay actions' dialogs (never « undefined »), the technical journal's details in words.
import { describe, expect, it } from 'vitest';
import { warningsForDue } from '../../../custom-screens/billing/stay-money';
import { jetDetail, localTime } from '../../../custom-screens/fiscal/jet-detail';

const flat = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

describe('money at arrival and departure', () => {
  it('says what is due, what is late, or what is owed back; nothing when settled', () => {
    const due = warningsForDue(49441, { amount: 12000, since: '2026-07-01' });
    expect(flat(due.arrival)).toBe(
      'Attention : le client doit encore 494,41 €, dont 120,00 € en retard depuis le 01/07/2026. Pensez à encaisser.',
    );
    expect(flat(due.departure)).toBe('Attention : le client doit encore 494,41 €. Confirmer le départ quand même ?');
    const credit = warningsForDue(-410);
    expect(flat(credit.departure)).toContain('payé 4,10 € de trop');
    expect(warningsForDue(0)).toEqual({ due: 0, arrival: null, departure: null });
  });
});

describe('the technical event journal', () => {
  it('shows an instant in Paris time and every field in words', () => {
    expect(localTime('2026-07-14T10:05:03.000Z')).toBe('14/07/2026 12:05:03');
    expect(jetDetail({ pid: 4242, code: 0 })).toBe('processus : 4242 · code de sortie : 0');
    expect(jetDetail({ userId: 3, ip: '10.0.0.1', outcome: 'password' })).toBe(
      'utilisateur n° : 3 · adresse IP : 10.0.0.1 · résultat : mot de passe refusé',
    );
    const setting = jetDetail({ entity: 'setting', id: 1, action: 'update', fields: { optionDays: '8' } });
    expect(setting).toContain('paramètre : Paramètres généraux');
    expect(setting).toContain('opération : modification');
    expect(setting).toMatch(/valeurs : Durée d'une option .+ = 8/);
  });
});
