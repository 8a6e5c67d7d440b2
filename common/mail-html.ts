// The HTML of mail bodies, reduced to what a letter needs. The editor produces HTML,
// but nothing a user typed is trusted: `sanitizeHtml` re-emits only allow-listed tags
// with no attribute other than a checked link target, and escapes all text, so a body
// can carry no script, style, event handler or foreign resource. `htmlBlocks` reads the
// same subset as paragraphs of styled runs (the PDF), `htmlToText` the plain-text part.

const BLOCK = new Set(['p', 'div', 'h1', 'h2', 'h3', 'li', 'blockquote']);
const INLINE = new Set(['b', 'strong', 'i', 'em', 'u', 'a', 'span']);
const CONTAINER = new Set(['ul', 'ol']);
// Their content is dropped along with them.
const DROP_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
]);

type Token =
  { t: 'text'; v: string } | { t: 'open'; name: string; attrs: string } | { t: 'close'; name: string } | { t: 'br' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp|#39);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return safeChar(parseInt(k.slice(2), 16)) ?? m;
    if (k.startsWith('#')) return safeChar(parseInt(k.slice(1), 10)) ?? m;
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' } as Record<string, string>)[k] ?? m;
  });
}

function safeChar(code: number): string | undefined {
  if (!Number.isFinite(code) || code > 0x10ffff || (code < 32 && code !== 9 && code !== 10)) return undefined;
  try {
    return String.fromCodePoint(code);
  } catch {
    return undefined;
  }
}

const escapeText = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function tokenize(html: string): Token[] {
  const out: Token[] = [];
  const re = /<!--[\s\S]*?(?:-->|$)|<\/?([A-Za-z][A-Za-z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!?[^>]*>?/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    if (m.index > last) out.push({ t: 'text', v: decodeEntities(html.slice(last, m.index)) });
    last = re.lastIndex;
    if (!m[1]) continue; // comment, doctype or stray '<': dropped
    const name = m[1].toLowerCase();
    if (name === 'br') out.push({ t: 'br' });
    else if (m[0][1] === '/') out.push({ t: 'close', name });
    else out.push({ t: 'open', name, attrs: m[2] ?? '' });
  }
  if (last < html.length) out.push({ t: 'text', v: decodeEntities(html.slice(last)) });
  return out;
}

function safeHref(attrs: string): string | null {
  const m = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
  const href = decodeEntities((m?.[1] ?? m?.[2] ?? m?.[3] ?? '').trim());
  return /^(https?:\/\/|mailto:)[^\s<>"']*$/i.test(href) ? href : null;
}

/** Only the allow-listed subset, well nested, every text escaped. */
export function sanitizeHtml(html: string): string {
  let out = '';
  const stack: string[] = [];
  let dropping: string | null = null;
  let dropDepth = 0;
  for (const tok of tokenize(html)) {
    if (dropping) {
      if (tok.t === 'open' && tok.name === dropping) dropDepth++;
      if (tok.t === 'close' && tok.name === dropping && --dropDepth === 0) dropping = null;
      continue;
    }
    if (tok.t === 'text') out += escapeText(tok.v);
    else if (tok.t === 'br') out += '<br>';
    else if (tok.t === 'open') {
      if (DROP_CONTENT.has(tok.name)) {
        dropping = tok.name;
        dropDepth = 1;
        continue;
      }
      if (!BLOCK.has(tok.name) && !INLINE.has(tok.name) && !CONTAINER.has(tok.name)) continue;
      if (tok.name === 'a') {
        const href = safeHref(tok.attrs);
        out += href ? `<a href="${escapeText(href)}">` : '<a>';
      } else out += `<${tok.name}>`;
      stack.push(tok.name);
    } else {
      const i = stack.lastIndexOf(tok.name);
      if (i < 0) continue;
      while (stack.length > i) out += `</${stack.pop()}>`;
    }
  }
  while (stack.length) out += `</${stack.pop()}>`;
  return out;
}

export interface Run {
  text: string;
  bold?: boolean;
  italics?: boolean;
  decoration?: 'underline';
  link?: string;
}
export interface Block {
  kind: 'p' | 'h1' | 'h2' | 'h3' | 'li';
  runs: Run[];
}

/** The (sanitized) HTML as blocks of styled runs: paragraphs, headings, list items. */
export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let cur: Block | null = null;
  const style: { bold: number; italics: number; underline: number; link: string[] } = {
    bold: 0,
    italics: 0,
    underline: 0,
    link: [],
  };
  const flush = () => {
    if (cur && cur.runs.some((r) => r.text.trim())) blocks.push(cur);
    cur = null;
  };
  const push = (text: string) => {
    cur ??= { kind: 'p', runs: [] };
    const r: Run = { text };
    if (style.bold) r.bold = true;
    if (style.italics) r.italics = true;
    if (style.underline) r.decoration = 'underline';
    if (style.link.length) r.link = style.link[style.link.length - 1];
    cur.runs.push(r);
  };
  for (const tok of tokenize(sanitizeHtml(html))) {
    if (tok.t === 'text') push(tok.v.replace(/\s+/g, ' '));
    else if (tok.t === 'br') push('\n');
    else if (tok.t === 'open') {
      if (BLOCK.has(tok.name)) {
        flush();
        cur = { kind: (['h1', 'h2', 'h3', 'li'].includes(tok.name) ? tok.name : 'p') as Block['kind'], runs: [] };
      } else if (tok.name === 'b' || tok.name === 'strong') style.bold++;
      else if (tok.name === 'i' || tok.name === 'em') style.italics++;
      else if (tok.name === 'u') style.underline++;
      else if (tok.name === 'a') style.link.push(safeHref(tok.attrs) ?? '');
    } else if (tok.t === 'close') {
      if (BLOCK.has(tok.name)) flush();
      else if (tok.name === 'b' || tok.name === 'strong') style.bold--;
      else if (tok.name === 'i' || tok.name === 'em') style.italics--;
      else if (tok.name === 'u') style.underline--;
      else if (tok.name === 'a') style.link.pop();
    }
  }
  flush();
  return blocks;
}

/** The plain-text alternative of a body. */
export function htmlToText(html: string): string {
  return htmlBlocks(html)
    .map(
      (b) =>
        (b.kind === 'li' ? '- ' : '') +
        b.runs
          .map((r) => (r.link && r.link !== r.text ? `${r.text} (${r.link})` : r.text))
          .join('')
          .trim(),
    )
    .join('\n\n');
}
