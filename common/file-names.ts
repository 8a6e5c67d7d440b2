// File names of what the user downloads: a list's CSV is named after the list and the day
// (« paiements-2026-11-28.csv »), never a bare « export.csv », so that two exports of
// different lists, or of one list on two days, are told apart in the downloads folder.

/** « Extras du séjour » → « extras-du-sejour »: lower case, no accents, words joined by hyphens. */
export function fileSlug(label: string): string {
  return (
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'liste'
  );
}

/** The CSV file of the list `label` exported on `date` (YYYY-MM-DD). */
export function csvFileName(label: string, date: string): string {
  return `${fileSlug(label)}-${date}.csv`;
}

/** The file name a `Content-Disposition` header gives, or null. */
export function dispositionFileName(header: string | null | undefined): string | null {
  const m = /filename="([^"]+)"/.exec(header ?? '');
  return m ? m[1] : null;
}
