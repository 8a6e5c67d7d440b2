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
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { issueTarget, ruleTargets, RULES_FR, SECTION_RULES } from './doc-pointer-rules.mjs';
import { commentRanges, markdownRanges } from './doc-pointer-prose.mjs';
import { anchorsOf, brokenLinks, brokenTarget, slug } from './doc-pointer-links.mjs';

export { commentRanges, ruleTargets, slug, anchorsOf, brokenTarget, brokenLinks };

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const MARKDOWN = /\.md$/;
/** Never rewritten: generated code, landed migrations, this script and its test, the user guide (shown to users). */
const SKIP = [
  /(^|\/)generated\//,
  /^migrations\//,
  /^node_modules\//,
  /^admin\/dist\//,
  /^scripts\/doc-pointers?(-[a-z]+)?\.mjs$/,
  /^tests\/unit\/docs\//,
  /^docs\/guide\//,
  /^docs\/history\.md$/,
];

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
