/**
 * Safe attachment names (docs/product/security.md#lesson-11): a name is refused, not repaired, when it holds a
 * path separator, `..`, control characters or characters Windows forbids, starts with a dot, ends
 * with a dot or space, or is longer than 200 characters. `{file}` in the download URL is this
 * stored name, unique per document: a duplicate gets a suffix, `report (1).pdf`.
 */
export const MAX_NAME_LENGTH = 200;

const FORBIDDEN = /[/\\<>:"|?*]/u;

function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069): a
 * right-to-left override makes `invoice\u202Efdp.exe` read as `invoiceexe.pdf`. They have no place
 * in a file name, so they are removed (not refused: some keyboards and copied titles carry them).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** The name a file is checked and stored under: NFC, without bidi controls. */
export function cleanFileName(name: string): string {
  return name.normalize('NFC').replace(BIDI_CONTROLS, '');
}

export function unsafeNameReason(name: string): string | null {
  const normalised = name.normalize('NFC');
  if (normalised.trim() === '') return 'A file has no name.';
  if (normalised.length > MAX_NAME_LENGTH) return `The file name '${normalised.slice(0, 40)}…' is too long.`;
  if (
    FORBIDDEN.test(normalised) ||
    hasControlCharacter(normalised) ||
    normalised.includes('..') ||
    normalised.startsWith('.') ||
    /[. ]$/.test(normalised)
  ) {
    return `The file name '${[...normalised].map((c) => (hasControlCharacter(c) ? '?' : c)).join('')}' is not allowed.`;
  }
  return null;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** `name`, or `stem (n).ext` with the first n not in `taken` (compared case-insensitively). */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  const lower = new Set([...taken].map((t) => t.toLowerCase()));
  if (!lower.has(name.toLowerCase())) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let n = 1; ; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
}
