import { describe, expect, it } from 'vitest';
import { safeHtml } from './safe-html.ts';

describe('safeHtml', () => {
  it('keeps formatting', () => {
    expect(safeHtml('<p>Hi-vis is <strong>mandatory</strong></p>')).toBe('<p>Hi-vis is <strong>mandatory</strong></p>');
  });
  it('drops scripts, handlers and javascript: links', () => {
    const cleaned = safeHtml(
      '<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a><img src=x onerror="alert(1)"><svg onload="alert(1)"></svg>',
    );
    expect(cleaned).not.toMatch(/script|onclick|onerror|onload|javascript:|<svg/i);
    expect(cleaned).toContain('<p>a</p>');
  });
});
