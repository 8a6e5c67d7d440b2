// scripts/doc-pointers.mjs: the « §N », « rules-fr §N » and « issue N » pointers of comments and
// READMEs get their link into docs/, only in comments, once; and every link of docs/ and of
// the READMEs, and every target the script can give, resolves.
import { describe, expect, it } from 'vitest';
import {
  brokenLinks,
  brokenTarget,
  commentRanges,
  emptyStats,
  rewrite,
  ruleTargets,
  slug,
} from '../../../scripts/doc-pointers.mjs';

const twice = (src: string, path: string) => {
  const once = rewrite(src, path);
  return { once, again: rewrite(once, path) };
};

describe('doc-pointers: code comments', () => {
  it('links a pointer after its text, or inside the parentheses it closes', () => {
    expect(rewrite('// the §8 messages\nconst a = 1;\n', 'api/domain/stays/x.ts')).toBe(
      '// the §8 (docs/errors.md#messages) messages\nconst a = 1;\n',
    );
    expect(rewrite('/** Shown 5000 ms (§9). */\n', 'admin/src/App.tsx')).toBe(
      '/** Shown 5000 ms (§9, docs/constants.md). */\n',
    );
  });

  it('chooses the doc by the words after the pointer, then by the file', () => {
    const one = (text: string, path: string) => rewrite(`// ${text}\n`, path);
    expect(one('§2 Admin screens', 'api/x.ts')).toContain('§2 (docs/screens.md#admin) Admin');
    expect(one('§4 invoice kinds', 'api/x.ts')).toContain('docs/billing.md#invoice-kinds');
    expect(one('states of §4 here', 'api/domain/stays/x.ts')).toContain('docs/stays.md#states-and-transitions');
    expect(one('closures of §4 here', 'api/domain/ledger/x.ts')).toContain('docs/ledger.md#closures');
    expect(one('rules of §5 here', 'api/domain/pricing/x.ts')).toContain('docs/pricing.md#validation');
    expect(one('F8 is a shortcut (§6)', 'admin/x.tsx')).toContain('docs/rights.md#keyboard-shortcuts');
    expect(one('see §7', 'api/x.ts')).toContain('docs/api.md');
    expect(one('rules-fr §1: minors', 'api/x.ts')).toContain('rules-fr §1 (docs/statements.md#tourist-tax)');
    expect(one('rules-fr §2 and §5', 'api/x.ts')).toContain('§5 (docs/billing.md#holiday-vouchers-and-aid)');
  });

  it('links issues, with their points, and each of several issues', () => {
    expect(rewrite('// (issue 25 point 11)\n', 'api/x.ts')).toBe('// (issue 25 point 11, docs/history.md#issue-25)\n');
    expect(rewrite('// issue 14: bills\n', 'api/x.ts')).toBe('// issue 14 (docs/billing.md): bills\n');
    expect(rewrite('// issues 15 and 30\n', 'api/x.ts')).toBe(
      '// issues 15 (docs/ledger.md) and 30 (docs/history.md#issue-30)\n',
    );
    expect(rewrite('// (issue 23 §5)\n', 'api/x.ts')).toBe('// (issue 23 §5, docs/history.md#issue-23)\n');
  });

  it('never touches strings, template literals, JSX text, regular expressions or directives', () => {
    const src = [
      "const a = 'du §3'; // §3",
      'const b = `§8 ${x} issue 4`;',
      'const re = /§4/;',
      'const el = <p>§4 : facture</p>;',
      '// eslint-disable-next-line no-console -- §8',
      '',
    ].join('\n');
    const stats = emptyStats();
    const out = rewrite(src, 'custom-screens/x/y.tsx', stats);
    expect(out.split('\n')).toEqual([
      "const a = 'du §3'; // §3 (docs/entities.md)",
      'const b = `§8 ${x} issue 4`;',
      'const re = /§4/;',
      'const el = <p>§4 : facture</p>;',
      '// eslint-disable-next-line no-console -- §8',
      '',
    ]);
    expect(stats.rewritten).toEqual({ spec: 1 });
    expect(stats.inStrings.spec).toBe(4);
  });

  it('is idempotent', () => {
    const src = '// §8, rules-fr §6 and issue 24 point 9 (§5)\n/* §2 Utilities */\n';
    const { once, again } = twice(src, 'api/domain/utilities/x.ts');
    expect(once).not.toBe(src);
    expect(again).toBe(once);
  });

  it('keeps comment lines within 120 characters, never cutting a pointer from its link', () => {
    const words = 'a comment line that is already rather long and ends near the limit with';
    const src = `// ${words} the §8 messages and rules-fr §2\n// goes on here.\nconst x = 1;\n`;
    const { once, again } = twice(src, 'api/x.ts');
    expect(again).toBe(once);
    for (const line of once.split('\n')) expect(line.length).toBeLessThanOrEqual(120);
    expect(once).toContain('§8 (docs/errors.md#messages)');
    expect(once).toContain('rules-fr §2 (docs/billing.md#vat-and-invoice-mentions)');
    expect(once).toMatch(/\n\/\/ [^\n]*goes on here\.\nconst x = 1;/);
  });

  it('finds the comments of a source', () => {
    const src = "const u = 'http://x'; // one\nconst d = a / b; /* two */\nconst t = `${'//'}`;\n";
    expect(commentRanges(src).map(([a, b]) => src.slice(a, b))).toEqual(['// one', '/* two */']);
  });
});

describe('doc-pointers: Markdown', () => {
  it('makes links relative to the file, outside code, once', () => {
    const src = '# Sales (issue 16)\n\nSee §8 and `§8` and [spec §8](x.md).\n\n```\n§9\n```\n';
    const { once, again } = twice(src, 'api/domain/sales/README.md');
    expect(once).toBe(
      '# Sales ([issue 16](../../../docs/billing.md#till-and-ancillary-sales))\n\n' +
        'See [§8](../../../docs/errors.md#messages) and `§8` and [spec §8](x.md).\n\n```\n§9\n```\n',
    );
    expect(again).toBe(once);
    expect(rewrite('rules-fr §7\n', 'docs/README.md')).toBe('[rules-fr §7](ledger.md)\n');
  });
});

describe('doc-pointers: links resolve', () => {
  it('makes GitHub anchors', () => {
    expect(slug('Closures (`closures.ts`, spec §4 and §8)')).toBe('closures-closurests-spec-4-and-8');
    expect(slug('Holiday aid — VACAF')).toBe('holiday-aid--vacaf');
    expect(slug('Life cycle ([§4](../../docs/stays.md#states))')).toBe('life-cycle-4');
  });

  it('every target of the rules is a file of docs/ with that heading', () => {
    const broken = ruleTargets()
      .map((t) => brokenTarget(t))
      .filter(Boolean);
    expect(broken).toEqual([]);
    expect(brokenTarget('docs/stays.md#no-such-heading')).toMatch(/no heading/);
  });

  it('every relative link of docs/ and of the READMEs resolves', () => {
    expect(brokenLinks()).toEqual([]);
  });
});
