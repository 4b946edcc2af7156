import { describe, expect, it } from 'vitest';
import { extensionOf, uniqueName, unsafeNameReason } from './file-names.ts';

describe('attachment names', () => {
  it('refuses dangerous names and accepts ordinary ones', () => {
    for (const bad of ['../../x', '..\\x.png', 'a/b.png', '.htaccess', 'x.png.', 'x ', 'a\u0000b.png', 'con:x', 'a'.repeat(201), '   '])
      expect(unsafeNameReason(bad), bad).not.toBeNull();
    for (const good of ['photo.png', 'Rapport d’incident (2).pdf', 'a..png'.replace('..', '.'), 'ファイル.txt'])
      expect(unsafeNameReason(good), good).toBeNull();
  });
  it('suffixes duplicates case-insensitively and reads extensions', () => {
    expect(uniqueName('report.pdf', new Set(['Report.PDF', 'report (1).pdf']))).toBe('report (2).pdf');
    expect(uniqueName('notes', new Set(['notes']))).toBe('notes (1)');
    expect(extensionOf('A.JPEG')).toBe('jpeg');
    expect(extensionOf('noext')).toBe('');
  });
});
