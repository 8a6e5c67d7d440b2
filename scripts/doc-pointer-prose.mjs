// Where the prose is, for doc-pointers.mjs: the comments of code, and Markdown outside
// code blocks and code spans, as [start, end) ranges.

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
export function markdownRanges(src) {
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
