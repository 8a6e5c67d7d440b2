// The words of the delete confirmations (pure): buttons that say what they do, with the
// entity's article and elision from its schema label.
import type { EntityMeta } from '../../../common/entity-meta';
import { countLabelFr, definiteFr } from '../../../common/french';

/** The words of the single-record confirmation. */
export function deleteConfirmWords(label: EntityMeta['label'], name: string) {
  const the = definiteFr(label);
  return { title: `Supprimer ${the} « ${name} » ?`, confirm: `Supprimer ${the}`, cancel: `Garder ${the}` };
}

/** The words of the bulk confirmation: « Supprimer 3 clients » / « Les garder ». */
export function bulkDeleteConfirmWords(label: EntityMeta['label'], n: number) {
  const what = countLabelFr(n, label.one);
  return {
    title: `Supprimer ${what} ?`,
    confirm: `Supprimer ${what}`,
    cancel: n > 1 ? 'Les garder' : label.gender === 'f' ? 'La garder' : 'Le garder',
  };
}
