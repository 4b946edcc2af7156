/**
 * A message as mail clients write one with pictures in its body (Apple Mail, Outlook, Gmail): a
 * multipart/related whose HTML names its image parts by `cid:`, each part with a Content-ID and
 * often no file name at all (docs/product/mail.md#parsing).
 */
export interface RelatedImage {
  cid: string;
  type: string;
  content: Buffer;
  /** The part's file name; none when left out, as clients often send a pasted picture. */
  name?: string;
}

export function relatedMessage(spec: { subject: string; html: string; images: RelatedImage[]; messageId?: string }): Buffer {
  const boundary = `=_related_${Date.now()}_${Math.random().toString(36).slice(2)}`;
  const base64 = (content: Buffer) => (content.toString('base64').match(/.{1,76}/g) ?? ['']).join('\r\n');
  const parts = [
    `Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64(Buffer.from(spec.html, 'utf8'))}`,
    ...spec.images.map(
      (image) =>
        `Content-Type: ${image.type}${image.name ? `; name="${image.name}"` : ''}\r\nContent-ID: <${image.cid}>\r\n` +
        `Content-Disposition: inline${image.name ? `; filename="${image.name}"` : ''}\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64(image.content)}`,
    ),
  ];
  return Buffer.from(
    [
      'From: Pat Reporter <pat@example.org>',
      'To: Safety <safety@example.org>',
      `Subject: ${spec.subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: ${spec.messageId ?? `<related-${Date.now()}@example.org>`}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/related; boundary="${boundary}"; type="text/html"`,
      '',
      ...parts.map((part) => `--${boundary}\r\n${part}`),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}
