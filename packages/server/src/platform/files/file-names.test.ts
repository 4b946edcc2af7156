import { describe, expect, it } from 'vitest';
import { cleanFileName, extensionOf, uniqueName, unsafeNameReason } from './file-names.ts';

describe('attachment names', () => {
  it('refuses dangerous names and accepts ordinary ones', () => {
    for (const bad of ['../../x', '..\\x.png', 'a/b.png', '.htaccess', 'x.png.', 'x ', 'a\u0000b.png', 'con:x', 'a'.repeat(201), '   '])
      expect(unsafeNameReason(bad), bad).not.toBeNull();
    for (const good of ['photo.png', 'Rapport d’incident (2).pdf', 'a..png'.replace('..', '.'), 'ファイル.txt'])
      expect(unsafeNameReason(good), good).toBeNull();
  });
  it('strips bidirectional control characters, so the name reads as it is', () => {
    const controls = [
      '\u061C',
      '\u200E',
      '\u200F',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ];
    for (const control of controls) expect(cleanFileName(`report${control}.pdf`), control.codePointAt(0)!.toString(16)).toBe('report.pdf');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(extensionOf(cleanFileName('photo\u202Egnp.js'))).toBe('js');
    expect(cleanFileName('\u2067تقرير\u2069.pdf')).toBe('تقرير.pdf');
    expect(cleanFileName('Cafe\u0301.txt')).toBe('Café.txt');
    expect(unsafeNameReason(cleanFileName('\u202E\u202C'))).toBe('A file has no name.');
  });
  it('suffixes duplicates case-insensitively and reads extensions', () => {
    expect(uniqueName('report.pdf', new Set(['Report.PDF', 'report (1).pdf']))).toBe('report (2).pdf');
    expect(uniqueName('notes', new Set(['notes']))).toBe('notes (1)');
    expect(extensionOf('A.JPEG')).toBe('jpeg');
    expect(extensionOf('noext')).toBe('');
  });
});
