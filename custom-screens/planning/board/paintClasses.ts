// Bar colours as shared CSS classes instead of inline styles: each distinct
// paint (background, text, border, accent strip) gets one rule in a style
// sheet, and a bar carries a class name and only its width and offset inline.
// Fewer inline declarations make React's updates and Chromium's style
// recalculation cheaper when a window of new bars comes in.
import type { ResolvedPaint } from './colors';
import type { ColorMode } from './types';

const classes = new Map<string, string>();
let sheet: CSSStyleSheet | null = null;

function ensureSheet(): CSSStyleSheet | null {
  if (sheet || typeof document === 'undefined') return sheet;
  const el = document.createElement('style');
  el.setAttribute('data-planning-board', '');
  document.head.appendChild(el);
  sheet = el.sheet;
  return sheet;
}

/** A colour value as written in a palette; anything that could escape the declaration is dropped. */
const safe = (v: string) => (/^[#\w\s(),.%-]+$/.test(v) ? v : 'inherit');

/** The CSS declarations of a paint (exported for tests). */
export function paintDeclarations({ paint, accent }: ResolvedPaint, mode: ColorMode): string {
  let css = `background-color:${safe(paint.background)};color:${safe(paint.color)};`;
  if (paint.border) css += `border-color:${safe(paint.border)};`;
  if (accent)
    css += `box-shadow:${mode === 'payment' ? `inset 4px 0 0 ${safe(accent)}` : `inset 0 -3px 0 ${safe(accent)}`};`;
  return css;
}

/** Class name for a paint, creating its rule on first use. */
export function paintClass(resolved: ResolvedPaint, mode: ColorMode): string {
  const decl = paintDeclarations(resolved, mode);
  let name = classes.get(decl);
  if (!name) {
    name = `pb-k${classes.size}`;
    classes.set(decl, name);
    ensureSheet()?.insertRule(`.pb-bar.${name}{${decl}}`, sheet!.cssRules.length);
  }
  return name;
}
