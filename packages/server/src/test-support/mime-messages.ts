/**
 * Raw RFC 822 messages for the mail tests, corpus and benchmark: headers, a text and/or HTML
 * body, attachments base64-encoded in a multipart/mixed, CRLF line ends as on the wire.
 */
export interface MimeAttachment {
  name: string;
  type: string;
  content: Buffer;
  inline?: boolean;
  cid?: string;
}

export interface MimeSpec {
  from?: string;
  to?: string;
  subject?: string;
  date?: Date;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  text?: string;
  html?: string;
  attachments?: MimeAttachment[];
  /** Extra raw header lines. */
  headers?: string[];
}

let counter = 0;

function base64Lines(content: Buffer): string {
  return (content.toString('base64').match(/.{1,76}/g) ?? ['']).join('\r\n');
}

function textPart(type: string, body: string): string {
  return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(Buffer.from(body, 'utf8'))}`;
}

export function mimeMessage(spec: MimeSpec): Buffer {
  counter += 1;
  const boundary = `=_docket_${counter}_${Date.now()}`;
  const alt = `${boundary}_alt`;
  const head = [
    `From: ${spec.from ?? 'Sender <sender@example.org>'}`,
    `To: ${spec.to ?? 'Safety <safety@example.org>'}`,
    `Subject: ${spec.subject ?? 'A message'}`,
    `Date: ${(spec.date ?? new Date()).toUTCString()}`,
    `Message-ID: ${spec.messageId ?? `<m${counter}.${Date.now()}@example.org>`}`,
    ...(spec.inReplyTo ? [`In-Reply-To: ${spec.inReplyTo}`] : []),
    ...(spec.references ? [`References: ${spec.references}`] : []),
    'MIME-Version: 1.0',
    ...(spec.headers ?? []),
  ];
  const bodies: string[] = [];
  if (spec.text !== undefined) bodies.push(textPart('text/plain', spec.text));
  if (spec.html !== undefined) bodies.push(textPart('text/html', spec.html));
  const body =
    bodies.length === 1
      ? bodies[0]!
      : `Content-Type: multipart/alternative; boundary="${alt}"\r\n\r\n${bodies.map((b) => `--${alt}\r\n${b}\r\n`).join('')}--${alt}--`;
  const attachments = spec.attachments ?? [];
  if (attachments.length === 0) return Buffer.from(`${head.join('\r\n')}\r\n${body || textPart('text/plain', '')}\r\n`);
  const parts = [
    body || textPart('text/plain', ''),
    ...attachments.map(
      (a) =>
        `Content-Type: ${a.type}; name="${a.name}"\r\nContent-Disposition: ${a.inline ? 'inline' : 'attachment'}; filename="${a.name}"\r\n` +
        `${a.cid ? `Content-ID: <${a.cid}>\r\n` : ''}Content-Transfer-Encoding: base64\r\n\r\n${base64Lines(a.content)}`,
    ),
  ];
  return Buffer.from(
    `${head.join('\r\n')}\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`,
  );
}
