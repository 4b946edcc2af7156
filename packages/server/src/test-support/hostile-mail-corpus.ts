/**
 * A corpus of hostile and broken mail (docs/product/mail.md#mail-import): broken boundaries,
 * wrong charsets, RFC 2047 subjects good and bad, deeply nested multiparts, huge headers, HTML
 * with scripts and event handlers, inline images, TNEF, zero-byte and 30 MB attachments,
 * attachment names with path traversal; then random mutations (flipped bytes, cuts, spliced
 * headers) of those. Deterministic: the same seed gives the same messages.
 */
import { mimeMessage } from './mime-messages.ts';

export interface CorpusMessage {
  kind: string;
  raw: Buffer;
}

function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle/></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt&#58;alert(1)">x</a>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<body onload="alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<object data="javascript:alert(1)"></object>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<details open ontoggle=alert(1)>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<base href="javascript:/a/-alert(1)///////">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

const TRAVERSAL_NAMES = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/shadow',
  'C:\\boot.ini',
  '....//....//secret.txt',
  'report\u0000.pdf.exe',
  'photo\u202Egnp.exe',
  '%2e%2e%2fetc%2fpasswd',
  `${'a'.repeat(400)}.pdf`,
  '.htaccess',
  'CON',
  '~/.ssh/authorized_keys',
];

const CHARSETS = ['klingon', 'utf-7', 'iso-2022-jp', 'x-unknown', 'windows-1252', 'utf-16', 'gb18030', '', '"utf-8', 'utf-8\u0000'];

function png(): Buffer {
  // A 1×1 PNG.
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
}

function base(kind: string, random: () => number): CorpusMessage {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  switch (kind) {
    case 'xss-html':
      return { kind, raw: mimeMessage({ subject: 'XSS', html: `<p>hello</p>${pick(XSS)}${pick(XSS)}`, text: pick(XSS) }) };
    case 'traversal-name':
      return {
        kind,
        raw: mimeMessage({
          subject: 'Traversal',
          text: 'see file',
          attachments: [{ name: pick(TRAVERSAL_NAMES), type: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') }],
        }),
      };
    case 'wrong-charset': {
      const charset = pick(CHARSETS);
      const head = `From: a@example.org\r\nSubject: =?${charset}?B?${Buffer.from('Ünïcödé').toString('base64')}?=\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=${charset}\r\n\r\n`;
      return {
        kind,
        raw: Buffer.concat([
          Buffer.from(head),
          Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x1b, 0x24, 0x42, 0x80, 0x81, 0xc3, 0x28]),
          Buffer.from('\r\n'),
        ]),
      };
    }
    case 'rfc2047-subject': {
      const subjects = [
        '=?utf-8?B?w4lsw6h2ZQ==?= =?utf-8?Q?caf=C3=A9?=',
        '=?utf-8?Q?broken=ZZ?=',
        '=?utf-8?B?!!!notbase64!!!?=',
        `=?utf-8?B?${Buffer.from('<script>alert(1)</script>').toString('base64')}?=`,
        '=?iso-8859-1?q?this=20is=20some=20text?=',
        '=??B?x?=',
        `=?utf-8?Q?${'=41'.repeat(5000)}?=`,
      ];
      return { kind, raw: mimeMessage({ subject: pick(subjects), text: 'encoded words' }) };
    }
    case 'broken-boundary': {
      const variants = [
        'Content-Type: multipart/mixed; boundary="abc"\r\n\r\n--abc\r\nContent-Type: text/plain\r\n\r\nno end',
        'Content-Type: multipart/mixed; boundary="abc"\r\n\r\n--xyz\r\nContent-Type: text/plain\r\n\r\nwrong boundary\r\n--xyz--',
        'Content-Type: multipart/mixed\r\n\r\n--\r\n\r\nno boundary parameter',
        'Content-Type: multipart/mixed; boundary=""\r\n\r\n--\r\n--\r\n----',
        `Content-Type: multipart/mixed; boundary="${'b'.repeat(5000)}"\r\n\r\n--${'b'.repeat(5000)}\r\n\r\nlong`,
        'Content-Type: multipart/alternative; boundary="q"\r\n\r\n--q\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!@@@###\r\n--q--',
      ];
      return { kind, raw: Buffer.from(`From: a@example.org\r\nSubject: boundary\r\nMIME-Version: 1.0\r\n${pick(variants)}\r\n`) };
    }
    case 'nested-multipart': {
      const depth = 20 + Math.floor(random() * 180);
      let body = `Content-Type: text/html\r\n\r\n<b>deep</b>${pick(XSS)}`;
      for (let i = 0; i < depth; i++) body = `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}\r\n${body}\r\n--n${i}--`;
      return { kind, raw: Buffer.from(`From: a@example.org\r\nSubject: nested ${depth}\r\nMIME-Version: 1.0\r\n${body}\r\n`) };
    }
    case 'huge-headers': {
      const lines = Array.from({ length: 2000 + Math.floor(random() * 3000) }, (_, i) => `X-Filler-${i}: ${'y'.repeat(50)}`);
      return { kind, raw: mimeMessage({ subject: 'S'.repeat(20_000 + Math.floor(random() * 80_000)), text: 'body', headers: lines }) };
    }
    case 'inline-image':
      return {
        kind,
        raw: mimeMessage({
          subject: 'Inline',
          html: '<p>pic <img src="cid:pic1"> and <img src="http://tracker.example/p.gif"></p>',
          attachments: [{ name: 'pic1.png', type: 'image/png', content: png(), inline: true, cid: 'pic1' }],
        }),
      };
    case 'tnef':
      return {
        kind,
        raw: mimeMessage({
          subject: 'TNEF',
          text: 'see winmail',
          attachments: [
            {
              name: 'winmail.dat',
              type: 'application/ms-tnef',
              content: Buffer.concat([Buffer.from([0x78, 0x9f, 0x3e, 0x22]), Buffer.alloc(512, 7)]),
            },
          ],
        }),
      };
    case 'zero-byte':
      return {
        kind,
        raw: mimeMessage({
          subject: 'Empty file',
          text: 'zero',
          attachments: [{ name: 'empty.pdf', type: 'application/pdf', content: Buffer.alloc(0) }],
        }),
      };
    case 'huge-attachment':
      return {
        kind,
        raw: mimeMessage({
          subject: '30 MB',
          text: 'big',
          attachments: [{ name: 'big.pdf', type: 'application/pdf', content: Buffer.alloc(30 * 1024 * 1024, 0x25) }],
        }),
      };
    case 'empty':
      return { kind, raw: Buffer.from(pick(['', '\r\n', 'garbage without headers', 'Subject:\r\n\r\n', '\u0000\u0000\u0000'])) };
    default:
      return { kind: 'plain', raw: mimeMessage({ subject: 'Plain', text: 'Nothing special.' }) };
  }
}

function mutate(message: CorpusMessage, random: () => number): CorpusMessage {
  const bytes = Buffer.from(message.raw);
  const how = Math.floor(random() * 4);
  if (how === 0) for (let i = 0; i < 1 + random() * 20; i++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
  if (how === 1) return { kind: `${message.kind}+cut`, raw: bytes.subarray(0, Math.floor(random() * bytes.length)) };
  if (how === 2) {
    const at = Math.floor(random() * bytes.length);
    return {
      kind: `${message.kind}+splice`,
      raw: Buffer.concat([
        bytes.subarray(0, at),
        Buffer.from('\r\nContent-Type: multipart/mixed; boundary="z"\r\n\r\n--z\r\n'),
        bytes.subarray(at),
      ]),
    };
  }
  if (how === 3) return { kind: `${message.kind}+dup`, raw: Buffer.concat([bytes, bytes]) };
  return { kind: `${message.kind}+flip`, raw: bytes };
}

const KINDS = [
  'xss-html',
  'traversal-name',
  'wrong-charset',
  'rfc2047-subject',
  'broken-boundary',
  'nested-multipart',
  'huge-headers',
  'inline-image',
  'tnef',
  'zero-byte',
  'empty',
  'plain',
];

/** `count` messages: each kind several times, two 30 MB attachments, the rest mutations. */
export function hostileMailCorpus(count = 1000, seed = 16): CorpusMessage[] {
  const random = prng(seed);
  const corpus: CorpusMessage[] = [base('huge-attachment', random), base('huge-attachment', random)];
  while (corpus.length < count) {
    const kind = KINDS[corpus.length % KINDS.length]!;
    const message = base(kind, random);
    // A small message is mutated whole; a big one (huge headers) stays as made.
    corpus.push(random() < 0.45 && message.raw.length < 400_000 ? mutate(message, random) : message);
  }
  return corpus;
}
