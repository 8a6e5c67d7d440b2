// Links of doc-pointers.mjs: every doc target of the rules exists with its heading, and
// every relative link of docs/ and of the READMEs resolves.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownRanges } from './doc-pointer-prose.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MARKDOWN = /\.md$/;

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
