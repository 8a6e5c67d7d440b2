// The document models' renderer and the body sanitizer, property-tested against
// injection: whatever the merge values, they come out as text (no tag, no attribute, no
// new header line); whatever a body holds, what is sent keeps only the allow-listed
// tags, no script, handler or foreign URL, and sanitizing twice changes nothing.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lookup, renderTemplate, unknownFields, MERGE_FIELDS } from '../../../common/merge-template';
import { htmlBlocks, htmlToText, sanitizeHtml } from '../../../common/mail-html';

const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '{{customer.lastName}}',
    "' onmouseover='x",
    '&lt;b&gt;',
    '\r\nBcc: victim@example.org',
    '<a href="javascript:alert(1)">x</a>',
    '__proto__',
    '{{constructor}}',
  ),
  fc
    .array(
      fc.constantFrom('<', '>', '&', '"', "'", '{', '}', 'script', 'on', '=', ' ', '\n', 'a', 'javascript:', '/'),
      { maxLength: 30 },
    )
    .map((a) => a.join('')),
);

describe('renderTemplate', () => {
  it("escapes every merge value in HTML: the output has the template's tags only", () => {
    fc.assert(
      fc.property(nasty, nasty, (first, last) => {
        const out = renderTemplate(
          '<p>Bonjour {{customer.firstName}} {{ customer.lastName }}</p>',
          { customer: { firstName: first, lastName: last } },
          'html',
        );
        const inner = out.slice('<p>Bonjour '.length, -'</p>'.length);
        expect(inner).not.toMatch(/[<>"']/);
        // and decoding gives the value back: nothing lost, nothing interpreted
        const decoded = inner
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, '&');
        expect(decoded).toBe(`${first} ${last}`);
      }),
    );
  });

  it('a value is never rendered again as a template (no second pass)', () => {
    expect(renderTemplate('{{a}}', { a: '{{b}}', b: 'secret' }, 'html')).toBe('{{b}}');
  });

  it('subjects: no value can open a new header line', () => {
    fc.assert(
      fc.property(nasty, (v) => {
        expect(renderTemplate('Séjour {{x}}', { x: v }, 'text')).not.toMatch(/[\r\n]/);
      }),
    );
  });

  it('reads own data only: prototypes and objects are not values', () => {
    expect(renderTemplate('{{constructor}}{{toString}}{{a.constructor.name}}{{a}}', { a: { b: 'x' } }, 'html')).toBe(
      '',
    );
    expect(lookup({ a: { b: 1 } }, 'a.b')).toBe(1);
    expect(renderTemplate('{{ missing.field }}|{{n}}', { n: 0 }, 'html')).toBe('|0');
  });

  it('names the unknown fields of a template', () => {
    expect(
      unknownFields(
        '{{customer.lastName}} {{stay.foo}} {{stay.foo}}',
        MERGE_FIELDS.map((f) => f.name),
      ),
    ).toEqual(['stay.foo']);
  });
});

describe('sanitizeHtml', () => {
  it('keeps no script, handler, style or dangerous URL, whatever the input; idempotent', () => {
    fc.assert(
      fc.property(
        fc
          .array(
            fc.oneof(
              nasty,
              fc.constantFrom(
                '<p>',
                '</p>',
                '<b>',
                '<a href="https://x.fr">',
                '</a>',
                '<style>',
                '<iframe src=x>',
                '<div onclick="y">',
                '<!--',
                '-->',
                '<br/>',
              ),
            ),
            { maxLength: 12 },
          )
          .map((a) => a.join('')),
        (html) => {
          const s = sanitizeHtml(html);
          expect(s).not.toMatch(/<(?!\/?(p|div|h1|h2|h3|li|blockquote|b|strong|i|em|u|a|span|ul|ol|br)[ >])/i);
          expect(s).not.toMatch(/<[^>]*\son\w+\s*=/i);
          expect(s).not.toMatch(/<[^>]*(javascript|data|vbscript):/i);
          expect(s).not.toMatch(/<script|<style|<iframe/i);
          expect(sanitizeHtml(s)).toBe(s);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps the letter's formatting", () => {
    expect(
      sanitizeHtml(
        '<p class="x" style="color:red">Bonjour <strong>Claire</strong>,<br>à <a ' +
          'href="https://camping.fr/?a=1&amp;b=2" onclick="x">bientôt</a></p><script>x</script><ul><li>un</li></ul>',
      ),
    ).toBe(
      '<p>Bonjour <strong>Claire</strong>,<br>à <a ' +
        'href="https://camping.fr/?a=1&amp;b=2">bientôt</a></p><ul><li>un</li></ul>',
    );
    expect(sanitizeHtml('<p>a <b>b</p> c')).toBe('<p>a <b>b</b></p> c');
  });

  it('reads the same subset as blocks (PDF) and text', () => {
    const html = '<h1>Titre</h1><p>Un <b>gras</b> et <i>italique</i></p><ul><li>point</li></ul>';
    expect(htmlBlocks(html)).toEqual([
      { kind: 'h1', runs: [{ text: 'Titre' }] },
      {
        kind: 'p',
        runs: [{ text: 'Un ' }, { text: 'gras', bold: true }, { text: ' et ' }, { text: 'italique', italics: true }],
      },
      { kind: 'li', runs: [{ text: 'point' }] },
    ]);
    expect(htmlToText(html)).toBe('Titre\n\nUn gras et italique\n\n- point');
  });
});
