// Lists lines over 120 characters in hand-written code (issue 12 §7, docs/history.md#issue-12); exits 1 when there are
// any. Prettier wraps code at 120 columns but not strings, comments or JSX text, hence this check.
// Hand-written: files git tracks, minus what .prettierignore names, generated code and migrations.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 120;
const EXTENSIONS = /\.(ts|tsx|mjs|js|css)$/;

/** A .prettierignore line (gitignore syntax, the subset it uses) as a test on a repo-relative path. */
function ignoreRule(pattern) {
  const directory = pattern.endsWith('/');
  let body = directory ? pattern.slice(0, -1) : pattern;
  // Without an inner slash a pattern matches a name at any depth; with one it is anchored at the root.
  const anchored = body.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  const source = body
    .split(/(\*\*\/|\/\*\*|\*|\?)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '/**') return '/.*';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  // A match on a folder covers everything below it.
  const regex = new RegExp(`${anchored ? '^' : '(?:^|/)'}${source}${directory ? '/' : '(?:$|/)'}`);
  return (path) => regex.test(path);
}

const rules = readFileSync('.prettierignore', 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map(ignoreRule);

const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  .split('\0')
  .filter((path) => EXTENSIONS.test(path))
  .filter((path) => !path.includes('/generated/') && !path.startsWith('generated/'))
  .filter((path) => !path.startsWith('migrations/'))
  .filter((path) => !rules.some((ignored) => ignored(path)));

let count = 0;
for (const path of files) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    continue; // Tracked but deleted in the working tree.
  }
  text.split(/\r?\n/).forEach((line, index) => {
    // Characters, not UTF-16 units: « é » and emoji count once, as an editor shows them.
    const length = [...line].length;
    if (length > MAX) {
      console.log(`${path}:${index + 1} (${length} chars)`);
      count += 1;
    }
  });
}

if (count > 0) {
  console.log(`${count} line${count > 1 ? 's' : ''} over ${MAX} characters in ${files.length} hand-written files`);
  process.exit(1);
}
