import { describe, expect, it } from 'vitest';
import { addFiles, extensionOf } from './file-selection.ts';

const file = (name: string, size = 10) => ({ name, size });

describe('addFiles', () => {
  it('deduplicates by name, including files already chosen', () => {
    const result = addFiles([file('a.png')], [file('a.png'), file('b.png'), file('b.png')]);
    expect(result.files.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    expect(result.hasUnreadable).toBe(false);
  });

  it('drops items without a name or a size and says so', () => {
    const result = addFiles([], [file(''), file('empty.txt', 0), null, file('ok.pdf')]);
    expect(result.files.map((f) => f.name)).toEqual(['ok.pdf']);
    expect(result.hasUnreadable).toBe(true);
  });

  it('takes at most 10 files', () => {
    const offered = Array.from({ length: 12 }, (_, i) => file(`f${i}.jpg`));
    const result = addFiles([], offered);
    expect(result.files).toHaveLength(10);
    expect(result.isTruncated).toBe(true);
  });

  it('reads extensions case-insensitively', () => {
    expect(extensionOf('Photo.JPG')).toBe('jpg');
    expect(extensionOf('README')).toBe('');
  });
});
