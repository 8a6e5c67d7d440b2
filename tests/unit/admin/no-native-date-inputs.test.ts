// One French date field everywhere (issue 13, docs/stays.md#preferences): a native date input shows mm/dd/yyyy in
// a browser set to English, react-admin's DateInput is one too. The route walk
// (tests/e2e/walk.test.ts) checks every screen; this reads the sources, so
// that the dialogs no walk opens are held to it as well.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const DIRS = ['admin/src', 'custom-screens'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** What makes a native date input: the type attribute, or react-admin's date inputs. */
const NATIVE = [
  /\btype\s*=\s*\{?\s*["'`](date|datetime-local|month|week)["'`]/g,
  /import\s*\{[^}]*\b(DateInput|DateTimeInput|TimeInput)\b[^}]*\}\s*from\s*'react-admin'/gs,
  /\binputProps=\{\{[^}]*type:\s*["'](date|datetime-local)["']/g,
];

describe('date fields', () => {
  it('no screen or dialog uses a native date input: the French date field is used instead', () => {
    const found: string[] = [];
    for (const file of DIRS.flatMap((d) => sources(join(ROOT, d)))) {
      const text = readFileSync(file, 'utf8');
      for (const re of NATIVE)
        for (const m of text.matchAll(re)) found.push(`${relative(ROOT, file)}: ${m[0].slice(0, 80)}`);
    }
    expect(found).toEqual([]);
  });
});
