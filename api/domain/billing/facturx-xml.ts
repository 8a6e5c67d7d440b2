// The CII data of a Factur-X written as XML exactly as @e-invoice-eu/core's renderXML
// writes it (xmlbuilder2, pretty printed with tabs), byte for byte, in a fraction of its
// time: xmlbuilder2 builds a namespace-aware DOM and serializes it, which was most of
// the cost of a Factur-X's XML. Only the shapes the CII data takes are written here
// (elements, attributes, plain text); anything else — an ampersand (xmlbuilder2 decodes
// entities in text), control characters or line breaks, mixed content — answers null,
// and the library writes that document (tests/unit/billing/facturx-xml.test.ts compares both).

/** Text written as is, but for < > and " (escaped); anything else goes to the library. */
// eslint-disable-next-line no-control-regex -- control characters are what sends a text to the library
const PLAIN = /^[^&\u0000-\u001f\u007f-\u009f\ud800-\udfff\ufffe\uffff]*$/;
const text = (s: string) => s.replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attribute = (s: string) => text(s).replace(/"/g, '&quot;');
const scalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

interface Parts {
  attrs: string;
  body: string | null;
  children: string[];
}

/**
 * The attributes, text and child elements of an object into `node`. A `#` key holding
 * an object adds its own keys to the same element (xmlbuilder2's mixed content: the
 * library writes an amount and its currency so).
 */
function parts(node: Parts, value: Record<string, unknown>, depth: number): boolean {
  for (const [key, v] of Object.entries(value)) {
    if (key[0] === '@') {
      if (!scalar(v) || !PLAIN.test(String(v))) return false;
      node.attrs += ` ${key.slice(1)}="${attribute(String(v))}"`;
    } else if (key[0] === '#') {
      if (v != null && typeof v === 'object' && !Array.isArray(v)) {
        if (!parts(node, v as Record<string, unknown>, depth)) return false;
      } else if (node.body != null || !scalar(v) || String(v) === '' || !PLAIN.test(String(v))) return false;
      else node.body = text(String(v));
    } else if (key[0] === '!' || key[0] === '?' || key[0] === '$') return false;
    else if (!element(node.children, key, v, depth + 1)) return false;
  }
  return true;
}

/** Writes `name` holding `value` at `depth` into `out`; false for a shape it does not write. */
function element(out: string[], name: string, value: unknown, depth: number): boolean {
  if (value == null) return true;
  if (Array.isArray(value)) return value.every((v) => element(out, name, v, depth));
  const pad = '\t'.repeat(depth);
  if (scalar(value)) {
    const s = String(value);
    if (!PLAIN.test(s)) return false;
    out.push(s === '' ? `${pad}<${name}/>` : `${pad}<${name}>${text(s)}</${name}>`);
    return true;
  }
  if (typeof value !== 'object') return false;
  const node: Parts = { attrs: '', body: null, children: [] };
  if (!parts(node, value as Record<string, unknown>, depth)) return false;
  const { attrs, body, children } = node;
  if (body != null && children.length) return false;
  if (body != null) out.push(`${pad}<${name}${attrs}>${body}</${name}>`);
  else if (!children.length) out.push(`${pad}<${name}${attrs}/>`);
  else out.push(`${pad}<${name}${attrs}>`, ...children, `${pad}</${name}>`);
  return true;
}

/**
 * The XML of `data` (its attributes already as `@name` keys: the library's
 * `cleanAttributes`), or null when the library must write it.
 */
export function ciiXml(data: Record<string, unknown>): string | null {
  const out = ['<?xml version="1.0" encoding="utf-8"?>'];
  const roots = Object.entries(data);
  if (roots.length !== 1) return null;
  return element(out, roots[0][0], roots[0][1], 0) ? out.join('\n') : null;
}
