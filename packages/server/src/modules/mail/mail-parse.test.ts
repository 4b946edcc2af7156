import { afterAll, describe, expect, it } from 'vitest';
import { MAIL_MESSAGES } from '@docket/shared';
import { HttpError } from '../../http/http-error.ts';
import { mimeMessage } from '../../test-support/mime-messages.ts';
import { relatedMessage } from '../../test-support/mime-related.ts';
import { samplePng } from '../../test-support/sample-files.ts';
import { MAIL_PARSE_LIMITS, MailReader, previewOf } from './mail-parse.ts';
import { BODY_IMAGES_BYTES } from './mail-parse-task.ts';

const refusal = (error: unknown) => (error instanceof HttpError ? { code: error.code, message: error.message } : error);
const withAttachment = (megabytes: number) =>
  mimeMessage({
    subject: 'Big',
    text: 'See attached.',
    attachments: [{ name: 'big.bin', type: 'application/octet-stream', content: Buffer.alloc(megabytes * 1024 * 1024, 0x41) }],
  });

// docs/product/mail.md#mail-item: preview 250 characters, sanitised HTML, nothing PostgreSQL refuses.
describe('reading mail in a worker thread', () => {
  const reader = new MailReader(MAIL_PARSE_LIMITS, 1);
  afterAll(() => reader.close());

  it('cleans the HTML, cuts the preview, drops NUL characters and hands attachments back as Buffers', async () => {
    const nul = String.fromCharCode(0);
    const mail = await reader.read(
      mimeMessage({
        subject: `Bad${nul}subject`,
        html: `<p onclick="x()">Hi${nul}</p><script>alert(1)</script><a href="javascript:alert(2)">x</a>`,
        text: `Text${nul} body`,
        attachments: [{ name: 'a.txt', type: 'text/plain', content: Buffer.from('attached') }],
      }),
    );
    expect(mail.subject).toBe('Badsubject');
    expect(mail.html).toBe('<p>Hi</p><a rel="noopener noreferrer">x</a>');
    expect(mail.text).toBe('Text body');
    expect(Buffer.isBuffer(mail.attachments[0]!.content)).toBe(true);
    expect(mail.attachments[0]!.content.toString()).toBe('attached');
    expect(previewOf('x '.repeat(400))).toHaveLength(250);
  });

  it('drops remote images (a tracking pixel tells the sender who opened it, when and where), keeps inline ones', async () => {
    const inline = 'data:image/png;base64,iVBORw0KGgo=';
    const mail = await reader.read(
      mimeMessage({
        subject: 'Tracked',
        html:
          `<p>Hi<img src="https://tracker.example/p.gif?u=7" alt="logo"><img src="//tracker.example/q.gif">` +
          `<img src="http://tracker.example/r.gif"><img src=" HTTPS://tracker.example/s.gif"><img src="/file/1/x.png">` +
          `<img src="${inline}"><a href="https://example.org/page">link</a></p>`,
      }),
    );
    expect(mail.html).not.toMatch(/tracker|\/file\//);
    expect(mail.html).toContain('<img alt="logo" />');
    expect(mail.html).toContain(`<img src="${inline}" />`);
    // Links stay: following one is the reader's choice.
    expect(mail.html).toContain('href="https://example.org/page"');
  });

  it('shows the images a message carries in its body in place, and names nameless ones after their type', async () => {
    const pixel = await samplePng(1, 1);
    const big = Buffer.concat([await samplePng(), Buffer.alloc(BODY_IMAGES_BYTES)]);
    const mail = await reader.read(
      relatedMessage({
        subject: 'Pictures',
        html:
          '<p>Logo <img src="cid:logo@pat" alt="logo"> screenshot <img src="CID:shot%40pat" alt="shot">' +
          '<img src="cid:big@pat" alt="too big"> <img src="cid:elsewhere@pat" alt="missing"></p>',
        images: [
          { cid: 'logo@pat', type: 'image/png', content: pixel },
          { cid: 'shot@pat', type: 'image/png', content: pixel, name: 'image001' },
          { cid: 'big@pat', type: 'image/png', content: big, name: 'big.png' },
        ],
      }),
    );
    const inPlace = `data:image/png;base64,${pixel.toString('base64')}`;
    expect(mail.html).toBe(
      `<p>Logo <img alt="logo" src="${inPlace}" /> screenshot <img alt="shot" src="${inPlace}" />` +
        '<img alt="too big" /> <img alt="missing" /></p>',
    );
    // Each is a file of the message too, with a name the upload checks take.
    expect(mail.attachments.map((part) => part.name)).toEqual(['attachment-1.png', 'image001.png', 'big.png']);
  });

  it('gives a message without a Message-ID a stable one from its content', async () => {
    const raw = Buffer.from('From: a@example.org\r\nSubject: none\r\n\r\nbody\r\n');
    expect((await reader.read(raw)).messageId).toBe((await reader.read(raw)).messageId);
    expect((await reader.read(raw)).messageId).toMatch(/^<sha256-[0-9a-f]{64}@docket\.invalid>$/);
  });

  it('reads a page of heads in one task, null for each one past the size limit', async () => {
    const small = new MailReader({ ...MAIL_PARSE_LIMITS, maxBytes: 4096 }, 1);
    try {
      const read = await small.readMany([mimeMessage({ subject: 'One' }), withAttachment(1), mimeMessage({ subject: 'Three' })]);
      expect(read.map((mail) => mail?.subject ?? null)).toEqual(['One', null, 'Three']);
    } finally {
      await small.close();
    }
  });
});

// docs/product/mail.md#parsing: a message past a limit is 'Unable to parse mail content.' with what was exceeded.
describe('mail parsing limits', () => {
  it('refuses a message larger than the size limit before any thread reads it', async () => {
    const small = new MailReader({ ...MAIL_PARSE_LIMITS, maxBytes: 1024 * 1024 }, 1);
    try {
      expect(await small.read(withAttachment(2)).catch(refusal)).toEqual({
        code: 'mail_unreadable',
        message: `${MAIL_MESSAGES.unableToParse} The message is larger than 1 MB.`,
      });
    } finally {
      await small.close();
    }
  });

  it('stops a read that runs past its time', async () => {
    const hasty = new MailReader({ ...MAIL_PARSE_LIMITS, timeLimitMs: 1 }, 1);
    try {
      expect(await hasty.read(withAttachment(20)).catch(refusal)).toEqual({
        code: 'mail_unreadable',
        message: `${MAIL_MESSAGES.unableToParse} The message is too complex: reading it took longer than 0.001 seconds.`,
      });
    } finally {
      await hasty.close();
    }
  }, 30_000);

  it('stops a read that needs more memory than allowed', async () => {
    const frugal = new MailReader({ ...MAIL_PARSE_LIMITS, memoryLimitMb: 16 }, 1);
    try {
      expect(await frugal.read(withAttachment(30)).catch(refusal)).toEqual({
        code: 'mail_unreadable',
        message: `${MAIL_MESSAGES.unableToParse} The message is too complex: reading it needed more than 16 MB of memory.`,
      });
    } finally {
      await frugal.close();
    }
  }, 30_000);
});
