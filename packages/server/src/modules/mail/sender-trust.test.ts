/**
 * A message's sender counts only when the connector's trusted mail server vouches for it
 * (docs/product/mail.md#requests-from-mail): its topmost Authentication-Results headers, read in
 * the parse worker as in production, say dmarc=pass for the From domain or dkim=pass aligned with it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mimeMessage } from '../../test-support/mime-messages.ts';
import { parseAuthenticationResults } from './authentication-results.ts';
import { MAIL_PARSE_LIMITS, MailReader } from './mail-parse.ts';
import { isSenderVerified } from './sender-trust.ts';

const TRUSTED = 'mx.docket.test';
const FROM = 'Managing Director <md@example.org>';

/** A message as the receiving server hands it over: its own trace headers on top of what the sender wrote. */
const delivered = (top: string[], from = FROM, senderHeaders: string[] = []) =>
  Buffer.concat([
    Buffer.from(top.map((line) => `${line}\r\n`).join('')),
    mimeMessage({ from, subject: 'Please order', text: 'Order 40 pallets.', headers: senderHeaders }),
  ]);
const RECEIVED =
  'Received: from mail.example.org (mail.example.org [192.0.2.1]) by mx.docket.test with ESMTPS; Mon, 1 Jan 2024 10:00:00 +0000';

describe('whether a message proves its sender', () => {
  const reader = new MailReader(MAIL_PARSE_LIMITS, 1);
  afterAll(() => reader.close());
  const verified = async (raw: Buffer, trusted: string | null = TRUSTED) => isSenderVerified(await reader.read(raw), trusted ?? undefined);

  it('trusts the trusted server saying dmarc=pass for the From domain', async () => {
    expect(await verified(delivered([`Authentication-Results: ${TRUSTED}; dmarc=pass (p=reject) header.from=example.org`, RECEIVED]))).toBe(
      true,
    );
    // Its Received line may stand above its verdict too.
    expect(await verified(delivered([RECEIVED, `Authentication-Results: ${TRUSTED}; dmarc=pass header.from=example.org`]))).toBe(true);
  });

  it('trusts an aligned DKIM signature: the From domain or a parent of it, as header.d or header.i', async () => {
    const dkim = (props: string, from = FROM) =>
      verified(delivered([`Authentication-Results: ${TRUSTED}; dkim=pass ${props}; spf=fail smtp.mailfrom=example.org`], from));
    expect(await dkim('header.d=example.org header.s=sel')).toBe(true);
    expect(await dkim('header.d=example.org', 'MD <md@mail.example.org>')).toBe(true);
    expect(await dkim('header.i=@example.org')).toBe(true);
  });

  it('does not trust a failed check, or one about another domain', async () => {
    expect(await verified(delivered([`Authentication-Results: ${TRUSTED}; dmarc=fail header.from=example.org`]))).toBe(false);
    expect(await verified(delivered([`Authentication-Results: ${TRUSTED}; dkim=fail header.d=example.org`]))).toBe(false);
    expect(await verified(delivered([`Authentication-Results: ${TRUSTED}; dmarc=pass header.from=evil.example`]))).toBe(false);
    expect(await verified(delivered([`Authentication-Results: ${TRUSTED}; spf=pass smtp.mailfrom=example.org`]))).toBe(false);
    expect(await verified(delivered([`Authentication-Results: ${TRUSTED}; none`]))).toBe(false);
  });

  it('does not trust a DKIM signature of a domain not aligned with From', async () => {
    const dkim = (d: string) => verified(delivered([`Authentication-Results: ${TRUSTED}; dkim=pass header.d=${d}`]));
    expect(await dkim('evil.example')).toBe(false);
    expect(await dkim('example.org.evil.example')).toBe(false);
    expect(await dkim('xexample.org')).toBe(false);
    expect(await dkim('mail.example.org')).toBe(false);
    expect(await dkim('org')).toBe(false);
  });

  it('does not trust a header of another server, or any without a trusted server name', async () => {
    const other = delivered([`Authentication-Results: mx.elsewhere.example; dmarc=pass header.from=example.org`]);
    expect(await verified(other)).toBe(false);
    const genuine = delivered([`Authentication-Results: ${TRUSTED}; dmarc=pass header.from=example.org`]);
    expect(await verified(genuine, null)).toBe(false);
    expect(await verified(genuine, '  ')).toBe(false);
    // The name is compared without regard to case.
    expect(await verified(genuine, 'MX.Docket.Test')).toBe(true);
  });

  it("does not trust a header in the trusted server's name that the sender wrote below a Received line", async () => {
    const forged = [
      RECEIVED.replace('mx.docket.test', 'forged.example'),
      `Authentication-Results: ${TRUSTED}; dmarc=pass header.from=example.org`,
    ];
    // The server's own verdict on top says fail, or says nothing about DMARC: the lower pass is the sender's.
    expect(await verified(delivered([`Authentication-Results: ${TRUSTED}; dmarc=fail header.from=example.org`, RECEIVED, ...forged]))).toBe(
      false,
    );
    expect(await verified(delivered([`Authentication-Results: ${TRUSTED}; spf=none`, RECEIVED, ...forged]))).toBe(false);
    // Written among the message's own headers (below From), under the server's Received line.
    expect(
      await verified(
        delivered([RECEIVED, `Authentication-Results: ${TRUSTED}; dkim=none`], FROM, [
          `Authentication-Results: ${TRUSTED}; dmarc=pass header.from=example.org`,
        ]),
      ),
    ).toBe(false);
  });

  it("reads every header of the server's topmost run, and a trusted dmarc=fail outweighs a pass beside it", async () => {
    const run = (...lines: string[]) => verified(delivered([...lines, RECEIVED]));
    expect(
      await run(
        `Authentication-Results: ${TRUSTED}; spf=pass smtp.mailfrom=example.org`,
        `Authentication-Results: mx.elsewhere.example; dmarc=fail header.from=example.org`,
        `Authentication-Results: ${TRUSTED}; dmarc=pass header.from=example.org`,
      ),
    ).toBe(true);
    expect(
      await run(
        `Authentication-Results: ${TRUSTED}; dmarc=fail header.from=example.org`,
        `Authentication-Results: ${TRUSTED}; dkim=pass header.d=example.org`,
      ),
    ).toBe(false);
  });

  it('reads folded headers, comments and quoted values', async () => {
    const folded = [
      `Authentication-Results: ${TRUSTED} 1;\r\n\tspf=pass (sender IP is 192.0.2.1; dmarc=fail) smtp.mailfrom=example.org;\r\n` +
        `  dkim=pass (2048-bit key) header.d=example.org header.s=s1 header.b="Ab/c+d=";\r\n  dmarc=pass (p=none dis=none)\r\n   header.from=example.org`,
    ];
    expect(await verified(delivered(folded))).toBe(true);
    // A quoted reason is words, not results.
    expect(
      await verified(
        delivered([`Authentication-Results: ${TRUSTED}; dkim=fail reason="header.d=example.org dmarc=pass" header.d=x.example`]),
      ),
    ).toBe(false);
  });

  it('does not trust a message with several From mailboxes or From headers', async () => {
    const pass = `Authentication-Results: ${TRUSTED}; dmarc=pass header.from=example.org`;
    expect(await verified(delivered([pass], 'md@example.org, other@evil.example'))).toBe(false);
    expect(await verified(delivered([pass], FROM, ['From: Other <other@evil.example>']))).toBe(false);
  });
});

describe('reading an Authentication-Results header (RFC 8601)', () => {
  it('names the server and each result with its properties', () => {
    expect(parseAuthenticationResults(' "MX.Example" 1; dkim/1=pass header.d=Example.org; dmarc=none')).toEqual({
      authservId: 'mx.example',
      results: [
        { method: 'dkim', result: 'pass', properties: { 'header.d': 'Example.org' } },
        { method: 'dmarc', result: 'none', properties: {} },
      ],
    });
  });

  it('names no server for a header it cannot read, and leaves out results not of the form', () => {
    expect(parseAuthenticationResults(' mx.example; dmarc=pass (unclosed').authservId).toBe('');
    expect(parseAuthenticationResults(' mx.example extra words; dmarc=pass').authservId).toBe('');
    expect(parseAuthenticationResults(' mx.example; dmarc=pass header.from=a.example junk; dkim=pass').results).toEqual([
      { method: 'dkim', result: 'pass', properties: {} },
    ]);
  });
});
