// The screen registries (custom-screens/<area>/index.ts, admin/src/pages/index.ts): each
// route declared once, every menu entry leading to a declared screen or a generated one,
// the server's copy of the menu entries fresh, and the screens reaching the admin only
// through its kit (admin/src/ui) while the admin reaches them only through the registries.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREEN_AREAS } from '../../../admin/src/screen-areas';
import { menuLeaves } from '../../../common/menu-tree';
import { SCREEN_MENU } from '../../../common/generated/screen-menu';
import { ENTITY_METAS } from '../../../common/generated/meta/index';

const ROOT = join(__dirname, '../../..');
const screens = SCREEN_AREAS.flatMap((a) => a.screens);
const pattern = (route: string) => new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}$`);
const generatedRoutes = ENTITY_METAS.filter((m) => m.generatedAdmin).flatMap(
  (m) => Object.values(m.routes) as string[],
);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'generated' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^import [^;]*? from '([^']+)';/gms)].map((m) => m[1]);

describe('screen registries', () => {
  it('declare each route once', () => {
    const paths = screens.map((s) => s.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('give menu entries that open a declared or a generated screen', () => {
    const lost = menuLeaves(SCREEN_AREAS).filter(
      (l) =>
        l.to.includes(':') ||
        !(screens.some((s) => pattern(s.path).test(l.to)) || generatedRoutes.some((r) => pattern(r).test(l.to))),
    );
    expect(lost).toEqual([]);
  });

  it('are what the server reads (npm run generate wrote common/generated/screen-menu.ts from them)', () => {
    expect(SCREEN_MENU).toEqual(JSON.parse(JSON.stringify(menuLeaves(SCREEN_AREAS))));
  });

  it('are the only door from the admin into custom-screens, and the kit the only door back', () => {
    const crossing: string[] = [];
    for (const file of sources(join(ROOT, 'custom-screens'))) {
      for (const spec of importsOf(file)) {
        const target = relative(ROOT, join(file, '..', spec));
        if (target.startsWith('admin/') && target !== 'admin/src/ui' && !target.startsWith('admin/src/ui/')) {
          crossing.push(`${relative(ROOT, file)} → ${target}`);
        }
      }
    }
    for (const file of sources(join(ROOT, 'admin/src'))) {
      for (const spec of importsOf(file)) {
        const target = relative(ROOT, join(file, '..', spec));
        if (target.startsWith('custom-screens/') && !/^custom-screens\/[\w-]+(\/index)?$/.test(target))
          crossing.push(`${relative(ROOT, file)} → ${target}`);
      }
    }
    expect(crossing).toEqual([]);
  });
});
