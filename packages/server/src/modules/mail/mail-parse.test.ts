import { describe, expect, it } from 'vitest';
import { mimeMessage } from '../../test-support/mime-messages.ts';
import { previewOf, readMail } from './mail-parse.ts';

// docs/product/mail.md#mail-item: preview 250 characters, sanitised HTML, nothing PostgreSQL refuses.
describe('readMail', () => {
  it('cleans the HTML, cuts the preview and drops NUL characters', async () => {
    const nul = String.fromCharCode(0);
    const mail = await readMail(
      mimeMessage({ subject: `Bad${nul}subject`, html: `<p onclick="x()">Hi${nul}</p><script>alert(1)</script>`, text: `Text${nul} body` }),
    );
    expect(mail.subject).toBe('Badsubject');
    expect(mail.html).toBe('<p>Hi</p>');
    expect(mail.text).toBe('Text body');
    expect(previewOf('x '.repeat(400))).toHaveLength(250);
  });

  it('gives a message without a Message-ID a stable one from its content', async () => {
    const raw = Buffer.from('From: a@example.org\r\nSubject: none\r\n\r\nbody\r\n');
    expect((await readMail(raw)).messageId).toBe((await readMail(raw)).messageId);
    expect((await readMail(raw)).messageId).toMatch(/^<sha256-[0-9a-f]{64}@docket\.invalid>$/);
  });
});
