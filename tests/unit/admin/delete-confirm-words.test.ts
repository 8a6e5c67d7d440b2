// Every entity's delete confirmation says what its buttons do, in French, with the
// article its schema label asks for (issue 13 (docs/stays.md#preferences): not « Confirmer / Annuler »).
import { describe, expect, it } from 'vitest';
import { ENTITY_METAS } from '../../../common/generated/meta';
import { bulkDeleteConfirmWords, deleteConfirmWords } from '../../../admin/src/entity/deleteWords';

const byName = (n: string) => ENTITY_METAS.find((m) => m.name === n)!;

describe('delete confirmation words', () => {
  it("names the entity with its article: le, la, l'", () => {
    expect(deleteConfirmWords(byName('customer').label, 'Martin')).toEqual({
      title: 'Supprimer le client « Martin » ?',
      confirm: 'Supprimer le client',
      cancel: 'Garder le client',
    });
    expect(deleteConfirmWords(byName('financial-year').label, '2026').confirm).toBe("Supprimer l'exercice");
    expect(deleteConfirmWords(byName('place').label, 'A12').cancel).toBe("Garder l'emplacement");
  });
  it('reads right for every entity: no English, no doubled article, the label lower-cased after it', () => {
    for (const m of ENTITY_METAS) {
      const w = deleteConfirmWords(m.label, 'x');
      expect(w.confirm, m.name).toMatch(/^Supprimer (le |la |l')\S/);
      expect(w.cancel, m.name).toBe(w.confirm.replace('Supprimer', 'Garder'));
      expect(w.confirm, m.name).not.toMatch(/Confirm|Cancel|Annuler|\b(le|la) [aeiouéèê]/i);
    }
  });
  it('counts the records of a bulk delete', () => {
    const label = byName('customer').label;
    expect(bulkDeleteConfirmWords(label, 3)).toEqual({
      title: 'Supprimer 3 clients ?',
      confirm: 'Supprimer 3 clients',
      cancel: 'Les garder',
    });
    expect(bulkDeleteConfirmWords(label, 1).confirm).toBe('Supprimer 1 client');
  });
});
