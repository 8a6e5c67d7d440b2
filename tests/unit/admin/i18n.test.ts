// The admin's messages: react-admin fully in French, and counts that agree with their number.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import englishMessages from 'ra-language-english';
import { i18nProvider } from '../../../admin/src/i18n';
import { countFr } from '../../../common/french';

type Tree = { [k: string]: string | Tree };
const keys = (o: Tree, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [p + k] : keys(v, `${p + k}.`)));

/** Messages that are the same in both languages on purpose (placeholders, « Page %{page} »). */
const SAME_IN_BOTH = new Set([
  'ra.boolean.null',
  'ra.page.edit',
  'ra.page.list',
  'ra.page.show',
  'ra.navigation.current_page',
]);

describe('react-admin in French', () => {
  it('translates every message react-admin has in English', () => {
    const untranslated = keys(englishMessages as unknown as Tree).filter((k) => {
      const fr = i18nProvider.translate(k, { _: '__missing__' });
      const en = k.split('.').reduce<any>((o, part) => o?.[part], englishMessages);
      return fr === '__missing__' || (fr === en && !SAME_IN_BOTH.has(k));
    });
    expect(untranslated).toEqual([]);
  });

  it('counts with smart_count: singular for 0 and 1, plural from 2, as countFr', () => {
    expect(i18nProvider.translate('bivouac.count.stay', { smart_count: 1 })).toBe('1 séjour');
    expect(i18nProvider.translate('bivouac.count.stay', { smart_count: 0 })).toBe('0 séjour');
    expect(i18nProvider.translate('bivouac.count.stay', { smart_count: 2 })).toBe('2 séjours');
    fc.assert(
      fc.property(
        fc.nat(10_000),
        (n) => i18nProvider.translate('bivouac.count.night', { smart_count: n }) === countFr(n, 'nuit'),
      ),
    );
  });
});
