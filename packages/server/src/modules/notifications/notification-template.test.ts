import { describe, expect, it } from 'vitest';
import { renderTemplate } from './notification-template.ts';

describe('notification templates', () => {
  it('substitutes fields, escapes HTML and runs nothing', () => {
    const values = { display_id: 'INC-00001', summary: '<script>alert(1)</script>', site: { title: 'North & Co' }, tags: ['a', 'b'] };
    expect(renderTemplate('{{display_id}}: {{ summary }} at {{site.title}} [{{tags}}] {{missing}}', values)).toBe(
      'INC-00001: &lt;script&gt;alert(1)&lt;/script&gt; at North &amp; Co [a, b] ',
    );
    expect(renderTemplate('{{constructor}}{{__proto__.x}}{{summary.constructor}}', values)).toBe('');
    expect(renderTemplate('{{ process.exit() }} {{#each x}} ${1+1}', values)).toBe('{{ process.exit() }} {{#each x}} ${1+1}');
  });
});
