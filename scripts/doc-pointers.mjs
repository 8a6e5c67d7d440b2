// Turns the pointers of code comments and READMEs into links into docs/ (issue 23 §5).
// « §N » pointed into the product specification, « rules-fr §N » into the French business
// rules, « issue N » into the issue that built a capability; none of them is in the
// repository, docs/ is. A pointer keeps its text and gains its link:
//   - in a code comment (.ts .tsx .js .mjs .cjs): `§8` → `§8 (docs/errors.md#messages)`,
//     or `(§8)` → `(§8, docs/errors.md#messages)`;
//   - in Markdown: `§8` → `[§8](../docs/errors.md#messages)` (path relative to the file).
// Which doc and heading: the words right after the pointer, else the file's area
// (RULES below). Only comments are rewritten in code: strings, template literals and JSX
// text (what users read) are left alone, as are generated files, migrations and this
// script. Deterministic and idempotent: a linked pointer is recognised and kept.
//
//   node scripts/doc-pointers.mjs            rewrite in place, print the figures
//   node scripts/doc-pointers.mjs --check    change nothing; exit 1 when a pointer has no
//                                            link or a link of docs/ or a README is broken
//   node scripts/doc-pointers.mjs --list     print every pointer left without a link
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const MARKDOWN = /\.md$/;
/** Never rewritten: generated code, landed migrations, this script and its test, the user guide (shown to users). */
const SKIP = [
  /(^|\/)generated\//,
  /^migrations\//,
  /^node_modules\//,
  /^admin\/dist\//,
  /^scripts\/doc-pointers\.mjs$/,
  /^tests\/unit\/docs\//,
  /^docs\/guide\//,
  /^docs\/history\.md$/,
];

// ---------------------------------------------------------------------------------------
// Where each pointer leads. A rule matches on the pointer's section (or kind), on the
// words that follow it (`after`, the rest of the comment line) and on the file's path;
// the first matching rule wins, so the specific ones come first.

/** The spec's sections (§N) → rules. `path` and `after` are regular expressions. */
const SECTION_RULES = {
  1: [{ target: 'docs/README.md#what-bivouac-does' }],
  2: [
    { after: /^\s*(«\s*)?(Admin|admin)\b/, target: 'docs/screens.md#admin' },
    { after: /^\s*(«\s*)?(Utilities|utilities|Utilitaires)\b/, target: 'docs/screens.md#utilities' },
    { after: /^\s*(«\s*)?(Mailing|Documents)\b/, target: 'docs/screens.md#documents-and-mail' },
    { after: /^\s*(«\s*)?"?Price"?\b/, target: 'docs/screens.md#price' },
    { after: /^\s*\/preference/, target: 'docs/screens.md#preferences' },
    { after: /^\s*(«\s*)?"?Statistics/, target: 'docs/screens.md#statistics' },
    { after: /^\s*(«\s*)?"?Residential/, target: 'docs/screens.md#residential' },
    { after: /^\s*(«\s*)?"?Sales/, target: 'docs/screens.md#sales' },
    { after: /^\s*(«\s*)?"?(Billing|Bill)/, target: 'docs/screens.md#billing-and-finance' },
    { after: /^\s*(«\s*)?"?(Bookings|Bookings and customers)/, target: 'docs/screens.md#bookings-and-customers' },
    { after: /^\s*(«\s*)?"?(Reference|reference data)/, target: 'docs/screens.md#reference-data' },
    { after: /^\s*(«\s*)?"?(Channel|channel mappings)/, target: 'docs/screens.md#channel-mappings' },
    { after: /^[^.]{0,40}(leaving|Behaviour on leaving)/, target: 'docs/screens.md#leaving-pages' },
    { after: /^[^.]{0,40}(menu|parent context|user submenu)/i, target: 'docs/screens.md#main-menu' },
    { after: /^[^.]{0,30}tiles?\b/, target: 'docs/screens.md#home-tiles' },
    { after: /^[^.]{0,30}\/?surety-list/, target: 'docs/screens.md#surety-reminders' },
    { path: /(^|\/)(layout|auth)\//, target: 'docs/screens.md#main-menu' },
    { path: /\/home\/|home-?tiles|Home/, target: 'docs/screens.md#home-tiles' },
    { path: /admin\/src\/pages|establishment\/|security\/|\/modules?\b/, target: 'docs/screens.md#admin' },
    { path: /surety/, target: 'docs/screens.md#surety-reminders' },
    { path: /(stays|bookings|customers|new-booking|booking)\//, target: 'docs/screens.md#bookings-and-customers' },
    {
      path: /(billing|accounting|ledger|fiscal|statements|vacaf|insurance)\//,
      target: 'docs/screens.md#billing-and-finance',
    },
    { path: /(sales|cash-register)\//, target: 'docs/screens.md#sales' },
    { path: /pricing\//, target: 'docs/screens.md#price' },
    { path: /(residential|meters)\//, target: 'docs/screens.md#residential' },
    { path: /(documents|mail)\//, target: 'docs/screens.md#documents-and-mail' },
    { path: /channels\//, target: 'docs/screens.md#channel-mappings' },
    { path: /statistics\//, target: 'docs/screens.md#statistics' },
    { path: /utilities\//, target: 'docs/screens.md#utilities' },
    { path: /(planning|plan)\//, target: 'docs/screens.md#general' },
    { path: /catalogue\/|reference\//, target: 'docs/screens.md#reference-data' },
    { target: 'docs/screens.md' },
  ],
  3: [
    { after: /^[^.]{0,20}(customer|attendant)/i, target: 'docs/entities.md#customers-and-attendants' },
    { after: /^\W{0,3}(Stay|booking)\b/i, target: 'docs/entities.md#stays' },
    { after: /^[^.]{0,20}(logged-in user|user)/i, target: 'docs/entities.md#users-and-rights' },
    { after: /^[^.]{0,20}(Pitch|equipment|image)/i, target: 'docs/entities.md#places-and-equipment' },
    { path: /customers?\//, target: 'docs/entities.md#customers-and-attendants' },
    { path: /(auth|security)\//, target: 'docs/entities.md#users-and-rights' },
    { path: /(catalogue|place)/, target: 'docs/entities.md#places-and-equipment' },
    { path: /establishment\//, target: 'docs/entities.md#establishment' },
    { path: /(documents|mail)\//, target: 'docs/entities.md#documents-and-mail' },
    { path: /(billing|sales|surety)\//, target: 'docs/entities.md#money' },
    { target: 'docs/entities.md' },
  ],
  4: [
    { after: /^[^.]{0,40}invoice kind/i, target: 'docs/billing.md#invoice-kinds' },
    { after: /^[^.]{0,40}\bbill/i, target: 'docs/billing.md#bills' },
    { after: /^[^.]{0,40}(cleaning|nettoyage)/i, target: 'docs/stays.md#cleaning-tasks' },
    { after: /^[^.]{0,30}(closure|clôture)/i, target: 'docs/ledger.md#closures' },
    { path: /(ledger|closure|fiscal)/, target: 'docs/ledger.md#closures' },
    { path: /(billing|bill)/, target: 'docs/billing.md#invoice-kinds' },
    { path: /(surety|guarantee)/, target: 'docs/billing.md#surety-and-guarantees' },
    { path: /cleaning/, target: 'docs/stays.md#cleaning-tasks' },
    { path: /(customers?|reference)\//, target: 'docs/stays.md#defaults-of-a-new-record' },
    { target: 'docs/stays.md#states-and-transitions' },
  ],
  5: [
    { after: /^[^.]{0,60}(cheque|card|payment)/i, target: 'docs/billing.md#payments' },
    { after: /^[^.]{0,60}(deletion|cancellation) requires/i, target: 'docs/stays.md#cancellation' },
    { path: /(billing|bill|sales|cash)/, target: 'docs/billing.md#validation' },
    { path: /(pricing|price)/, target: 'docs/pricing.md#validation' },
    { path: /(stays|booking|planning|new-booking)/, target: 'docs/stays.md#validation' },
    { target: 'docs/entities.md#validation' },
  ],
  6: [
    { after: /^[^.]{0,40}(shortcut|F\d)/i, target: 'docs/rights.md#keyboard-shortcuts' },
    { before: /(shortcut|F\d\b)[^.]{0,30}$/i, target: 'docs/rights.md#keyboard-shortcuts' },
    { after: /^[^.]{0,40}technical user/i, target: 'docs/rights.md#the-technical-user-and-administrators' },
    { target: 'docs/rights.md' },
  ],
  7: [{ target: 'docs/api.md' }],
  8: [
    { before: /(40[13]|toast|not logged in)[^.]{0,40}$/i, target: 'docs/errors.md#how-errors-are-shown' },
    { after: /^[^.]{0,10}(confirmation)/i, target: 'docs/errors.md#confirmations' },
    { target: 'docs/errors.md#messages' },
  ],
  9: [
    { after: /^[^.]{0,40}(line type|lineType)/i, target: 'docs/constants.md#bill-line-types' },
    { before: /(line ?types?|lineType)[^.]{0,20}$/i, target: 'docs/constants.md#bill-line-types' },
    { after: /^[^.]{0,40}(image|\.jpg)/i, target: 'docs/constants.md#formats-and-files' },
    { before: /(image|\.jpg|logos?)[^.]{0,20}$/i, target: 'docs/constants.md#formats-and-files' },
    { after: /^[^.]{0,40}(reminder|survey)/i, target: 'docs/constants.md#mail-and-reminders' },
    { path: /(documents|mail|surety)\//, target: 'docs/constants.md#mail-and-reminders' },
    { path: /(billing|bill|sales|cash|payment)/, target: 'docs/constants.md#payments-and-bills' },
    { path: /(pricing|price)/, target: 'docs/constants.md#prices' },
    { path: /statistics/, target: 'docs/constants.md#statistics' },
    { path: /(ledger|closure|fiscal)/, target: 'docs/constants.md#closures' },
    { target: 'docs/constants.md' },
  ],
};

/** rules-fr §N → the doc that states the rule in Bivouac's terms. */
const RULES_FR = {
  1: 'docs/statements.md#tourist-tax',
  2: 'docs/billing.md#vat-and-invoice-mentions',
  3: 'docs/statements.md#insee-occupancy-survey',
  4: 'docs/statements.md#police-register',
  5: 'docs/billing.md#holiday-vouchers-and-aid',
  6: 'docs/statements.md#fec',
  7: 'docs/ledger.md',
  8: 'docs/residential.md',
  9: 'docs/pricing.md#pricing-practice',
};

/** issue N → the doc of the capability it built; cross-cutting ones → its entry in docs/history.md. */
const ISSUES = {
  2: 'docs/entities.md',
  3: 'docs/rights.md',
  4: 'docs/stays.md',
  5: 'docs/pricing.md',
  6: 'docs/screens.md#general',
  13: 'docs/stays.md#preferences',
  14: 'docs/billing.md',
  15: 'docs/ledger.md',
  16: 'docs/billing.md#till-and-ancillary-sales',
  24: 'docs/statements.md',
  26: 'docs/residential.md',
  27: 'docs/statistics.md',
  28: 'docs/channels.md',
};
const issueTarget = (n) => ISSUES[n] ?? `docs/history.md#issue-${n}`;

// ---------------------------------------------------------------------------------------
// Finding pointers in a piece of prose.

// One alternation, longest forms first: an issue with its section or points, rules-fr §N,
// a bare §N. `§` not followed by a digit 1–9 is not a pointer.
const POINTER = new RegExp(
  [
    // 1: an issue (2: its number), with its section or points; or several issues
    String.raw`\b([Ii]ssues \d+(?:(?:, | and )\d+)+`,
    String.raw`[Ii]ssues? (\d+)(?: (?:§ ?\d+|points? \d+(?:(?:, | and )\d+)*))?`,
    String.raw`[Ii]ssue §\d+)`,
    // 3: rules-fr §N (4: N)
    String.raw`(rules-fr §([1-9]))`,
    // 5: §N of the spec (6: N), not §1.2 nor §12
    String.raw`(§([1-9])(?![\d.]\d)(?:'s\b)?)`,
  ].join('|'),
  'g',
);

/** The target of one pointer match, or null. */
function targetOf(m, path, before, after) {
  if (m[1]) return m[2] ? issueTarget(Number(m[2])) : /\d/.test(m[1]) ? 'list' : 'docs/history.md';
  if (m[3]) return RULES_FR[m[4]];
  const n = Number(m[6]);
  // « rules-fr §1, §2 »: a bare § right after a rules-fr pointer continues it.
  if (/rules-fr §\d(?:[^§\n]{0,40}(?:, | and ))?\s*$/.test(before)) return RULES_FR[n];
  for (const rule of SECTION_RULES[n]) {
    if (rule.path && !rule.path.test(path)) continue;
    if (rule.after && !rule.after.test(after)) continue;
    if (rule.before && !rule.before.test(before)) continue;
    return rule.target;
  }
  return null;
}

/** docs/x.md#a as seen from `path` (a repo-relative Markdown file). */
function relativeLink(target, path) {
  const [file, anchor] = target.split('#');
  let rel = posix.relative(posix.dirname(path), file) || posix.basename(file);
  return anchor ? `${rel}#${anchor}` : rel;
}

/**
 * Links the pointers of one piece of prose (a comment, or Markdown outside code).
 * `linkedSpans`: [start, end) ranges already inside a Markdown link.
 */
function linkProse(text, { path, markdown, stats }) {
  const spans = [];
  if (markdown) for (const m of text.matchAll(/\[[^\]\n]*\]\([^)\n]*\)/g)) spans.push([m.index, m.index + m[0].length]);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(POINTER)) {
    const start = m.index;
    const end = start + m[0].length;
    const kind = m[1] ? 'issue' : m[3] ? 'rules-fr' : 'spec';
    stats.found[kind] = (stats.found[kind] ?? 0) + 1;
    const rest = text.slice(end);
    const inLink = markdown && spans.some(([a, b]) => start < b && end > a);
    const linked = inLink || (!markdown && /^(?: \(|, )docs\/[\w./-]+(?:#[\w-]+)?/.test(rest));
    if (linked) {
      stats.linked[kind] = (stats.linked[kind] ?? 0) + 1;
      continue;
    }
    const lineStart = text.lastIndexOf('\n', start) + 1;
    const lineEnd = text.indexOf('\n', end);
    const before = text.slice(lineStart, start);
    const after = text.slice(end, lineEnd === -1 ? undefined : lineEnd);
    const target = targetOf(m, path, before, after);
    if (!target) {
      stats.left[kind] = (stats.left[kind] ?? 0) + 1;
      stats.leftList.push(`${path}: ${m[0]}`);
      continue;
    }
    stats.rewritten[kind] = (stats.rewritten[kind] ?? 0) + 1;
    out += text.slice(last, start);
    const link = (label, to) => (markdown ? `[${label}](${relativeLink(to, path)})` : `${label} (${to})`);
    if (target === 'list') {
      // « issues 15, 24 and 30 »: each number gets its own link
      const [, word, numbers] = /^(\S+ )(.*)$/.exec(m[0]);
      out += word + numbers.replace(/\d+/g, (n) => link(n, issueTarget(Number(n))));
    } else if (markdown) out += link(m[0], target);
    else out += rest.startsWith(')') ? `${m[0]}, ${target}` : link(m[0], target);
    last = end;
  }
  return out + text.slice(last);
}

// ---------------------------------------------------------------------------------------
// Where the prose is: comments of code, Markdown outside code blocks and code spans.

/**
 * The comments of JavaScript/TypeScript source, as [start, end) ranges. A small lexer:
 * strings, template literals (with their `${}`), regular expression literals and JSX
 * text are skipped; JSX text is never a comment, so it is never touched.
 */
export function commentRanges(src) {
  const ranges = [];
  let i = 0;
  const templateDepth = []; // brace depth at each open `${`
  let braces = 0;
  let prev = ''; // last significant character of code, to tell a regex from a division
  const regexAfter = /[(,=:[!&|?{};+\-*%<>~^]|^$/;
  while (i < src.length) {
    const c = src[i];
    const d = src[i + 1];
    if (c === '/' && d === '/') {
      const end = src.indexOf('\n', i);
      const stop = end === -1 ? src.length : end;
      ranges.push([i, stop]);
      i = stop;
      continue;
    }
    if (c === '/' && d === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end === -1 ? src.length : end + 2;
      ranges.push([i, stop]);
      i = stop;
      continue;
    }
    if (c === "'" || c === '"') {
      i++;
      while (i < src.length && src[i] !== c && src[i] !== '\n') i += src[i] === '\\' ? 2 : 1;
      i++;
      prev = c;
      continue;
    }
    if (c === '`' || (c === '}' && templateDepth.length && templateDepth[templateDepth.length - 1] === braces)) {
      if (c === '}') templateDepth.pop();
      i++;
      while (i < src.length && src[i] !== '`') {
        if (src[i] === '\\') i += 2;
        else if (src[i] === '$' && src[i + 1] === '{') {
          templateDepth.push(braces);
          i += 2;
          break;
        } else i++;
      }
      if (src[i] === '`') i++;
      prev = '`';
      continue;
    }
    const afterKeyword = () => /\b(return|typeof|case|in|of)\s*$/.test(src.slice(Math.max(0, i - 8), i));
    if (c === '/' && (regexAfter.test(prev) || afterKeyword())) {
      // a regular expression literal
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== '\n') {
        if (src[j] === '\\') j += 2;
        else if (src[j] === '/' && !inClass) break;
        else {
          if (src[j] === '[') inClass = true;
          if (src[j] === ']') inClass = false;
          j++;
        }
      }
      if (src[j] === '/') {
        i = j + 1;
        prev = 'x';
        continue;
      }
    }
    if (c === '{') braces++;
    if (c === '}') braces--;
    if (!/\s/.test(c)) prev = /[\w$)\]]/.test(c) ? 'x' : c;
    i++;
  }
  return ranges;
}

/** Markdown prose ranges: everything but fenced blocks and `code spans`. */
function markdownRanges(src) {
  const ranges = [];
  const lines = src.split('\n');
  let offset = 0;
  let fence = false;
  let blockStart = 0;
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) {
      if (!fence) ranges.push([blockStart, offset]);
      fence = !fence;
      blockStart = offset + line.length + 1;
    }
    offset += line.length + 1;
  }
  if (!fence) ranges.push([blockStart, src.length]);
  // split each range around inline code spans
  const out = [];
  for (const [a, b] of ranges) {
    let last = a;
    for (const m of src.slice(a, b).matchAll(/`[^`\n]*`/g)) {
      out.push([last, a + m.index]);
      last = a + m.index + m[0].length;
    }
    out.push([last, b]);
  }
  return out.filter(([a, b]) => b > a);
}

const MAX_LINE = 120; // scripts/long-lines.mjs
/** A pointer with the link a code comment gives it: never cut across a line. */
const LINKED = new RegExp(String.raw`(?:${POINTER.source})(?:,? \(?docs\/[\w./#-]+\)?)?`, 'g');

/**
 * A comment line the links made longer than 120 characters is cut at its last space
 * before the limit and goes on on a new line of the same comment (`//` or ` * `). Lines
 * the links did not change are left as they are.
 */
function wrapLongLines(src, out) {
  const before = src.split('\n');
  const lines = out.split('\n');
  const result = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (line === before[i] || line.length <= MAX_LINE) {
      result.push(line);
      continue;
    }
    const own = /^(\s*)(\/\/+ ?|\{\/\* ?|\/\*\*? ?|\*(?!\/) ?)/.exec(line);
    const trailing = !own && /^(\s*)\S.*?\/\/ ?/.exec(line);
    if (!own && !trailing) {
      result.push(line);
      continue;
    }
    const indent = (own ?? trailing)[1];
    const lead = (own ?? trailing)[0];
    let next;
    if (trailing || own[2].startsWith('//')) next = trailing ? `${indent}// ` : lead;
    else if (own[2].startsWith('{/*')) next = `${indent}   `;
    else if (own[2].startsWith('/*')) next = `${indent} * `;
    else next = lead; // a ` * ` line of a block comment
    let min = lead.length;
    for (;;) {
      if (line.length <= MAX_LINE) break;
      // the last space before the limit that is not inside a pointer and its link, nor one
      // that leaves the comment's end alone on its line
      const kept = [...line.matchAll(LINKED)].map((m) => [m.index, m.index + m[0].length]);
      const bad = (at) => kept.some(([a, b]) => at > a && at < b) || /^\*\/\}?$/.test(line.slice(at + 1).trim());
      let cut = line.lastIndexOf(' ', MAX_LINE);
      while (cut > min && bad(cut)) cut = line.lastIndexOf(' ', cut - 1);
      if (cut <= min) break;
      result.push(line.slice(0, cut).trimEnd());
      line = next + line.slice(cut + 1);
      min = next.length;
      // The words pushed down go on with the next line of the same paragraph when there is
      // one (same prefix, prose: not a list item, a table or an indented block).
      const following = lines[i + 1];
      const text = following?.startsWith(next) ? following.slice(next.length) : '';
      if (text && !/^(\s|[-*•|`>@]|\d+[.)]\s|\*\/)/.test(text)) {
        line = `${line} ${text}`;
        i++;
      }
    }
    result.push(line);
  }
  return result.join('\n');
}

export function emptyStats() {
  return { found: {}, linked: {}, rewritten: {}, left: {}, leftList: [], inStrings: {} };
}

/** The text of one file with its pointers linked; `stats` collects the figures. */
export function rewrite(src, path, stats = emptyStats()) {
  const markdown = MARKDOWN.test(path);
  const ranges = markdown ? markdownRanges(src) : commentRanges(src);
  let out = '';
  let last = 0;
  for (const [a, b] of ranges) {
    const prose = src.slice(a, b);
    // a directive comment (eslint-disable, @ts-expect-error, prettier-ignore…) is never touched
    const directive = !markdown && /^\/[/*]\s*(eslint|@ts-|prettier-ignore|global\b|\/\s*<)/.test(prose);
    out += src.slice(last, a) + (directive ? prose : linkProse(prose, { path, markdown, stats }));
    last = b;
  }
  out += src.slice(last);
  if (!markdown && out !== src) out = wrapLongLines(src, out);
  if (!markdown) {
    // pointers outside comments (strings users read): counted, never touched
    let rest = '';
    let at = 0;
    for (const [a, b] of ranges) {
      rest += src.slice(at, a);
      at = b;
    }
    rest += src.slice(at);
    for (const m of rest.matchAll(POINTER)) {
      const kind = m[1] ? 'issue' : m[3] ? 'rules-fr' : 'spec';
      stats.inStrings[kind] = (stats.inStrings[kind] ?? 0) + 1;
    }
  }
  return out;
}

/** Files the script reads: tracked code and Markdown, minus SKIP. */
export function pointerFiles(root = ROOT) {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter((p) => p && (CODE.test(p) || MARKDOWN.test(p)) && !SKIP.some((r) => r.test(p)));
}

// ---------------------------------------------------------------------------------------
// Links: every doc target of the rules exists with its heading, and every relative link
// of docs/ and of the READMEs resolves.

/** GitHub's anchor of a heading. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map();
/** The anchors of a Markdown file (repo-relative path). */
export function anchorsOf(file, root = ROOT) {
  if (!anchorCache.has(file)) {
    const seen = new Map();
    const anchors = new Set();
    let fence = false;
    for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) fence = !fence;
      const m = !fence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!m) continue;
      const base = slug(m[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n ? `${base}-${n}` : base);
    }
    for (const m of readFileSync(join(root, file), 'utf8').matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
    anchorCache.set(file, anchors);
  }
  return anchorCache.get(file);
}

/** A repo-relative target `file#anchor`: null when it resolves, else why not. */
export function brokenTarget(target, root = ROOT) {
  const [file, anchor] = target.split('#');
  if (!existsSync(join(root, file))) return `no file ${file}`;
  if (anchor && MARKDOWN.test(file) && !anchorsOf(file, root).has(anchor)) return `no heading #${anchor} in ${file}`;
  return null;
}

/** Every target the rules can give. */
export function ruleTargets() {
  const targets = new Set([...Object.values(RULES_FR), ...Object.values(ISSUES), 'docs/history.md']);
  for (const rules of Object.values(SECTION_RULES)) for (const r of rules) targets.add(r.target);
  for (const n of [2, 3, 4, 5, 6, 11, 12, 13, 14, 15, 16, 17, 18, 23, 24, 25, 26, 27, 28, 29, 30]) {
    targets.add(issueTarget(n));
  }
  return [...targets];
}

/** The broken relative links of the Markdown files of docs/ and of every README. */
export function brokenLinks(root = ROOT) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  })
    .split('\0')
    .filter((p) => p && MARKDOWN.test(p) && !/^node_modules\//.test(p))
    .filter((p) => p.startsWith('docs/') || /README\.md$/.test(p))
    .filter((p) => existsSync(join(root, p)));
  const broken = [];
  for (const file of files) {
    const src = readFileSync(join(root, file), 'utf8');
    for (const [a, b] of markdownRanges(src)) {
      for (const m of src.slice(a, b).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const link = m[1];
        if (/^[a-z]+:/i.test(link) || link.startsWith('mailto:')) continue;
        const [path, anchor] = link.split('#');
        const target = path ? posix.normalize(posix.join(posix.dirname(file), path)) : file;
        const why = brokenTarget(anchor ? `${target}#${anchor}` : target, root);
        if (why) broken.push(`${file}: ${link} (${why})`);
      }
    }
  }
  return broken;
}

// ---------------------------------------------------------------------------------------

function sum(counts) {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}
function figures(counts) {
  return `${sum(counts)} (${['spec', 'rules-fr', 'issue'].map((k) => `${k} ${counts[k] ?? 0}`).join(', ')})`;
}

function main(argv) {
  const check = argv.includes('--check');
  const list = argv.includes('--list');
  const stats = emptyStats();
  let changedFiles = 0;
  for (const path of pointerFiles()) {
    const file = join(ROOT, path);
    const src = readFileSync(file, 'utf8');
    if (!/§|[Ii]ssue/.test(src)) continue;
    const out = rewrite(src, path, stats);
    if (out !== src) {
      changedFiles++;
      if (!check) writeFileSync(file, out);
    }
  }
  const brokenRules = ruleTargets()
    .map((t) => brokenTarget(t))
    .filter(Boolean);
  const broken = [...brokenRules.map((b) => `rule target: ${b}`), ...brokenLinks()];
  const pending = check ? sum(stats.rewritten) : 0;
  console.log(`pointers found:        ${figures(stats.found)}`);
  console.log(`already linked:        ${figures(stats.linked)}`);
  console.log(`${check ? 'without a link:      ' : 'rewritten:            '} ${figures(stats.rewritten)}`);
  console.log(`left (no target):      ${figures(stats.left)}`);
  console.log(`in strings (untouched): ${figures(stats.inStrings)}`);
  console.log(`files ${check ? 'to change' : 'changed'}: ${changedFiles}; broken links: ${broken.length}`);
  if (list || check) for (const l of stats.leftList) console.log(`  left: ${l}`);
  for (const b of broken) console.log(`  broken: ${b}`);
  if (check && (pending > 0 || sum(stats.left) > 0 || broken.length > 0)) process.exitCode = 1;
  if (!check && broken.length > 0) process.exitCode = 1;
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') main(process.argv.slice(2));
