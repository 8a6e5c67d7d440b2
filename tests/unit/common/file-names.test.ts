// CSV files are named after their list and day (issue 29 §7, docs/history.md#issue-29).
import { describe, expect, it } from 'vitest';
import { csvFileName, dispositionFileName, fileSlug } from '../../../common/file-names';

describe('file names', () => {
  it('names a list’s CSV after the list and the day, without accents or spaces', () => {
    expect(csvFileName('Paiements', '2026-11-28')).toBe('paiements-2026-11-28.csv');
    expect(csvFileName('Extras du séjour', '2026-07-14')).toBe('extras-du-sejour-2026-07-14.csv');
    expect(csvFileName('Remises en banque', '2026-01-02')).toBe('remises-en-banque-2026-01-02.csv');
    expect(fileSlug('  « Civilités » ')).toBe('civilites');
    expect(fileSlug('€€')).toBe('liste');
  });
  it('reads the name a Content-Disposition gives', () => {
    expect(dispositionFileName('attachment; filename="langues-2026-11-28.csv"')).toBe('langues-2026-11-28.csv');
    expect(dispositionFileName(null)).toBeNull();
  });
});
