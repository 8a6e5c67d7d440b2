import { describe, expect, it } from 'vitest';
import { estimate, fitText } from '../../../custom-screens/planning/board/textFit';

describe('fitText', () => {
  const mono = (t: string) => t.length * 10;

  it('keeps a text that fits and cuts one that does not', () => {
    expect(fitText('Dupont', 60, mono)).toBe('Dupont');
    expect(fitText('Dupont Jean', 60, mono)).toBe('Dupon…');
    expect(fitText('Dupont Jean', 75, mono)).toBe('Dupont…');
    expect(fitText('Dupont', 15, mono)).toBe('');
    expect(fitText('', 100, mono)).toBe('');
    expect(fitText('Dupont', 0, mono)).toBe('');
  });

  it('falls back on an estimate without a canvas', () => {
    expect(estimate('abc')).toBeCloseTo(18.6);
    expect(fitText('Bertrand D.', 1000)).toBe('Bertrand D.');
  });
});
