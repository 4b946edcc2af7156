/**
 * Text a message carries is the sender's, and nobody vetted it (docs/product/mail.md#mail-import).
 * It may decode to characters PostgreSQL stores in no `text` or `jsonb` column: the NUL character
 * (U+0000 — an encoded word `=?UTF-8?Q?a=00b?=`, quoted-printable `=00`, RFC 2231 `%00` in a file
 * name) and, from a UTF-16 encoded word, half of a surrogate pair, which `jsonb` refuses. Either
 * made every write of the message fail there — a 500 on import, a rule's document never made —
 * while the embedded database stored it. A request carrying a NUL is refused
 * (docs/product/README.md#api-conventions), but a message is not ours to refuse: what cannot be
 * stored is removed (NUL) or replaced (a lone surrogate becomes U+FFFD), once, as the message is
 * read, so the mail screen, import, Create Request and rules all see the same text. Other control
 * characters are kept: both databases store them, tabs and line breaks are text, and a file name
 * holding one is for the upload checks to judge like any other.
 *
 * Loaded by the parse threads (mail-parse-task.ts): it imports nothing.
 */

const NUL = String.fromCharCode(0);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` without NUL characters, a lone surrogate replaced by U+FFFD. */
export function storableText(text: string): string {
  const withoutNul = text.includes(NUL) ? text.split(NUL).join('') : text;
  return withoutNul.replace(LONE_SURROGATE, '\uFFFD');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The parser's whole answer with every string made storable: its arrays, maps and plain objects
 * are copied, anything else (an attachment's bytes, a date) kept as it is. Applied to the parsed
 * message before anything is taken from it, so a field read from it later cannot forget it, and
 * what is worked out from the text (a name's extension, a missing Message-ID's stand-in) sees
 * the text as stored.
 */
export function withStorableText<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map(withStorableText) as T;
  if (value instanceof Map) return new Map([...value].map(([key, inner]) => [withStorableText(key), withStorableText(inner)])) as T;
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withStorableText(inner)])) as T;
  return value;
}

/** At most `length` UTF-16 units of `text`, one fewer where the cut would leave half of a surrogate pair. */
export function cutText(text: string, length: number): string {
  if (text.length <= length) return text;
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}
