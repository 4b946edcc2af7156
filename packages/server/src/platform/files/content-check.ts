/**
 * Which files may be attached, checked by content (magic bytes, the `file-type` package) rather
 * than by the name or the browser's claimed type: the detected format must be one the extension
 * stands for. Text formats (no magic) must decode as UTF-8 without NUL bytes. Anything not listed
 * — SVG, HTML, scripts, executables — is refused (docs/product/security.md#lesson-11); downloads are sent as
 * attachments with nosniff and a sandbox CSP in any case.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

/** Extension → the `file-type` extensions its content may be detected as. */
const BINARY: Record<string, string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  jfif: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  tif: ['tif'],
  tiff: ['tif'],
  bmp: ['bmp'],
  heic: ['heic'],
  pdf: ['pdf'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  odt: ['odt', 'zip'],
  ods: ['ods', 'zip'],
  odp: ['odp', 'zip'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  msg: ['cfb'],
  rtf: ['rtf'],
  zip: ['zip'],
  mp4: ['mp4', 'm4v'],
  mov: ['mov', 'qt'],
  mp3: ['mp3'],
  wav: ['wav'],
};

const TEXT: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', log: 'text/plain', md: 'text/markdown', eml: 'message/rfc822' };

export const ALLOWED_EXTENSIONS: readonly string[] = [...Object.keys(BINARY), ...Object.keys(TEXT)];

export type ContentVerdict = { ok: true; contentType: string } | { ok: false; reason: string; status: 415 };

async function isUtf8Text(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(65_536);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.includes(0)) return false;
    try {
      // A multi-byte character cut at the 64 KiB boundary is not an error: decode up to it.
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, bytesRead - 4)));
      return true;
    } catch {
      return false;
    }
  } finally {
    await handle.close();
  }
}

/**
 * The refusal of a file whose type may not be uploaded. A name without an extension has no type to
 * name: "Files of type '.README'" called the whole name a type.
 */
export function unsupportedTypeReason(name: string, extension: string): string {
  return extension
    ? `Files of type '.${extension}' cannot be uploaded.`
    : `The file '${name}' has no extension, so its type cannot be checked.`;
}

export async function checkContent(path: string, name: string, extension: string): Promise<ContentVerdict> {
  const expected = BINARY[extension];
  const text = TEXT[extension];
  if (!expected && !text) return { ok: false, status: 415, reason: unsupportedTypeReason(name, extension) };
  const detected = await fileTypeFromFile(path);
  if (expected) {
    if (detected && expected.includes(detected.ext)) return { ok: true, contentType: detected.mime };
    return { ok: false, status: 415, reason: `The content of '${name}' does not match its type (.${extension}).` };
  }
  if (detected || !(await isUtf8Text(path)))
    return { ok: false, status: 415, reason: `The content of '${name}' does not match its type (.${extension}).` };
  return { ok: true, contentType: text! };
}
