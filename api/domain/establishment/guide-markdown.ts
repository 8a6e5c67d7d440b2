// The small Markdown the user guide is written in (docs/guide/*.md), read into blocks:
// `#` the section's title, `##` a heading, paragraphs, `-` and `1.` lists, `![caption](file)`
// a screenshot, and inline **bold** and `code`. Anything else is a paragraph, as written.

export type Run = { text: string; bold?: boolean; code?: boolean };
export type GuideBlock =
  | { kind: 'title' | 'heading'; text: string }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'bullets' | 'steps'; items: Run[][] }
  | { kind: 'image'; file: string; caption: string };

export function inlineRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const part of text.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
    if (!part) continue;
    if (part.startsWith('**')) runs.push({ text: part.slice(2, -2), bold: true });
    else if (part.startsWith('`')) runs.push({ text: part.slice(1, -1), code: true });
    else runs.push({ text: part });
  }
  return runs;
}

export function parseGuideMarkdown(source: string): GuideBlock[] {
  const blocks: GuideBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', runs: inlineRuns(paragraph.join(' ')) });
    paragraph = [];
  };
  const listItem = (kind: 'bullets' | 'steps', text: string) => {
    flush();
    const last = blocks.at(-1);
    if (last?.kind === kind) last.items.push(inlineRuns(text));
    else blocks.push({ kind, items: [inlineRuns(text)] });
  };
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    let m: RegExpExecArray | null;
    if (!line) flush();
    else if ((m = /^(#{1,2}) (.+)$/.exec(line))) {
      flush();
      blocks.push({ kind: m[1] === '#' ? 'title' : 'heading', text: m[2] });
    } else if ((m = /^!\[([^\]]*)\]\(([^)]+)\)$/.exec(line))) {
      flush();
      blocks.push({ kind: 'image', caption: m[1], file: m[2] });
    } else if ((m = /^- (.+)$/.exec(line))) listItem('bullets', m[1]);
    else if ((m = /^\d+\. (.+)$/.exec(line))) listItem('steps', m[1]);
    else paragraph.push(line);
  }
  flush();
  return blocks;
}
