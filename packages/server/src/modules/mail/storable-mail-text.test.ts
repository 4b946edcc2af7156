import { describe, expect, it } from 'vitest';
import { cutText, storableText, withStorableText } from './storable-mail-text.ts';

// docs/product/mail.md#mail-import: text PostgreSQL cannot store is removed or replaced as a message is read.
describe('text a message carries, made storable', () => {
  it('removes NUL characters and replaces a lone surrogate, keeping whole pairs and other control characters', () => {
    expect(storableText('a\u0000b\u0000')).toBe('ab');
    expect(storableText('\ud83da \ude00b \ud83d\ude00')).toBe('\uFFFDa \uFFFDb \u{1F600}');
    expect(storableText('tab\tbell\u0007 escape\u001b line\r\n')).toBe('tab\tbell\u0007 escape\u001b line\r\n');
  });

  it("walks the parser's whole answer, copying arrays, maps and plain objects, keeping bytes and dates", () => {
    const content = Buffer.from('a\u0000b');
    const date = new Date('2026-01-02T03:04:05Z');
    const parsed = {
      subject: 'Leak\u0000',
      date,
      from: { value: [{ name: 'Pat\u0000', address: 'pat@example.org' }] },
      headers: new Map<string, unknown>([['x-note\u0000', { value: 'v\u0000' }]]),
      attachments: [{ filename: 'report\u0000.pdf', content, release: null }],
      html: false,
    };
    const storable = withStorableText(parsed);
    expect(storable).toEqual({
      subject: 'Leak',
      date,
      from: { value: [{ name: 'Pat', address: 'pat@example.org' }] },
      headers: new Map([['x-note', { value: 'v' }]]),
      attachments: [{ filename: 'report.pdf', content, release: null }],
      html: false,
    });
    expect(storable.attachments[0]!.content).toBe(content);
    expect(parsed.subject).toBe('Leak\u0000');
  });

  it('cuts text without leaving half of a surrogate pair', () => {
    expect(cutText('abc', 5)).toBe('abc');
    expect(cutText('abcdef', 3)).toBe('abc');
    expect(cutText('ab\u{1F600}c', 3)).toBe('ab');
    expect(cutText('ab\u{1F600}c', 4)).toBe('ab\u{1F600}');
  });
});
