// Rights levels of §6 (docs/rights.md), shared by the API and the admin. A level is a three-digit
// string read right to left: read, write (create/modify), delete — 000 none, 001
// read only, 011 creation/modification, 111 creation/modification/deletion. The
// export flag is separate and needs read.
import { FUNCTIONAL_AREAS, FUNCTIONALITY_KEYS } from './functionalities';

export type Level = '000' | '001' | '011' | '111';
export const LEVELS: Level[] = ['000', '001', '011', '111'];
export const LEVEL_LABELS: Record<Level, string> = {
  '000': 'Aucun accès',
  '001': 'Lecture seule',
  '011': 'Création / modification',
  '111': 'Création / modification / suppression',
};

export interface RightFlags {
  canRead: boolean;
  canWrite: boolean;
  canDelete: boolean;
  canExport: boolean;
}

export const NO_RIGHT: RightFlags = Object.freeze({
  canRead: false,
  canWrite: false,
  canDelete: false,
  canExport: false,
});
export const ALL_RIGHTS: RightFlags = Object.freeze({
  canRead: true,
  canWrite: true,
  canDelete: true,
  canExport: true,
});

export const isLevel = (s: unknown): s is Level => typeof s === 'string' && (LEVELS as string[]).includes(s);

export function levelOf(f: RightFlags): Level {
  if (f.canDelete) return '111';
  if (f.canWrite) return '011';
  if (f.canRead) return '001';
  return '000';
}

/** Flags of a level; export only with read. */
export function flagsOf(level: Level, canExport = false): RightFlags {
  const canRead = level !== '000';
  return {
    canRead,
    canWrite: level === '011' || level === '111',
    canDelete: level === '111',
    canExport: canRead && canExport,
  };
}

/** Upward closure: delete implies write, write implies read; export needs read. */
export function normalise(f: Partial<RightFlags>): RightFlags {
  const canDelete = !!f.canDelete;
  const canWrite = canDelete || !!f.canWrite;
  const canRead = canWrite || !!f.canRead;
  return { canRead, canWrite, canDelete, canExport: canRead && !!f.canExport };
}

export function union(a: RightFlags, b: RightFlags): RightFlags {
  return {
    canRead: a.canRead || b.canRead,
    canWrite: a.canWrite || b.canWrite,
    canDelete: a.canDelete || b.canDelete,
    canExport: a.canExport || b.canExport,
  };
}

/** b grants nothing that a does not. */
export function includes(a: RightFlags, b: RightFlags): boolean {
  return (
    (a.canRead || !b.canRead) &&
    (a.canWrite || !b.canWrite) &&
    (a.canDelete || !b.canDelete) &&
    (a.canExport || !b.canExport)
  );
}

export type RightsMap = Record<string, RightFlags>;

/** Every functionality, none granted. */
export function emptyRightsMap(): RightsMap {
  return Object.fromEntries(FUNCTIONALITY_KEYS.map((k) => [k, { ...NO_RIGHT }]));
}

// The §3 (docs/entities.md#users-and-rights) "logged-in user" shape: functionality groups with sub-functionality
// entries.
export interface SubFunctionalityRight {
  key: string;
  label: string;
  /** three-digit level */
  rights: Level;
  canSelect: boolean;
  canWrite: boolean;
  canDelete: boolean;
  canExport: boolean;
}
export interface FunctionalityGroupRight {
  key: string;
  label: string;
  subFunctionalities: SubFunctionalityRight[];
}

export function toGroups(map: RightsMap): FunctionalityGroupRight[] {
  return FUNCTIONAL_AREAS.map((a) => ({
    key: a.key,
    label: a.label,
    subFunctionalities: a.subs.map((s) => {
      const key = `${a.key}.${s.key}`;
      const f = map[key] ?? NO_RIGHT;
      return {
        key,
        label: s.label,
        rights: levelOf(f),
        canSelect: f.canRead,
        canWrite: f.canWrite,
        canDelete: f.canDelete,
        canExport: f.canExport,
      };
    }),
  }));
}
