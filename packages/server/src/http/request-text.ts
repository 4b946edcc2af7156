/**
 * Text PostgreSQL cannot store is refused where a request carries it, so both databases answer
 * alike. The NUL character (U+0000) is refused wherever a request carries text
 * (docs/product/README.md#api-conventions): PostgreSQL stores it in neither `text` ("invalid byte
 * sequence for encoding UTF8: 0x00") nor `jsonb` ("unsupported Unicode escape sequence"), so a
 * title or a field of `"\u0000"` was a 500 there and stored as sent on the embedded database —
 * the same request answered differently by the two. No text a person writes holds one.
 * Checked at the edge, once per part: the URL (path and query, as `%00`), JSON bodies (as the
 * escape `\u0000`), form bodies and multipart fields (decoded).
 * Half a character — a lone surrogate, which only a JSON escape such as `\ud83d` without its pair
 * can carry (decoded UTF-8 never holds one) — is refused in JSON bodies: `jsonb` refuses it too.
 */
import { HttpError } from '../platform/errors/http-error.ts';

export const NUL_MESSAGE = 'A request may not contain the NUL character (U+0000).';
export const LONE_SURROGATE_MESSAGE = 'A request may not contain half of a character (a lone surrogate such as \\ud83d).';

/** Whether a URL, as sent, encodes a NUL (`%00`) in its path or query. */
export function urlHasNul(url: string): boolean {
  return url.includes('%00');
}

/**
 * Whether JSON text holds the escape `\u0000` (a raw NUL is not valid JSON at all). `\\u0000` is a
 * backslash followed by the letters "u0000", not a NUL: an escape counts only after an even number
 * of backslashes before its own.
 */
export function jsonTextHasNul(text: string): boolean {
  for (let at = text.indexOf('\\u0000'); at !== -1; at = text.indexOf('\\u0000', at + 1)) {
    let backslashes = 0;
    while (at - 1 - backslashes >= 0 && text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return true;
  }
  return false;
}

/** Whether any string in a decoded value (a form body, its keys included) holds a NUL. */
export function valueHasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(valueHasNul);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || valueHasNul(inner));
  return false;
}

/**
 * Whether JSON text may hold a surrogate escape (`\uD800`–`\uDFFF`, either case): only then is
 * the parsed value walked. A prefilter: `\\ud83d` matches too, and the walk then finds it whole.
 */
export function jsonTextMayHoldSurrogate(text: string): boolean {
  return /\\u[dD][89a-fA-F]/.test(text);
}

/** A surrogate matched as a code point of its own: with the `u` flag, a whole pair is one character and never matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;
const isWellFormed = (text: string) => !LONE_SURROGATE.test(text);

/** Whether every string in a parsed value, keys included, is well-formed Unicode (no lone surrogate). */
export function isWellFormedValue(value: unknown): boolean {
  if (typeof value === 'string') return isWellFormed(value);
  if (Array.isArray(value)) return value.every(isWellFormedValue);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).every(([key, inner]) => isWellFormed(key) && isWellFormedValue(inner));
  return true;
}

export function nulRefusal(): HttpError {
  return new HttpError('bad_request', NUL_MESSAGE);
}

export function refuseNul(): never {
  throw nulRefusal();
}
