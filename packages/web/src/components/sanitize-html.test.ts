// @vitest-environment jsdom
/**
 * The web sanitiser fed hostile HTML directly (the browser test cannot show this: the server
 * cleans descriptions before storing them). Each case checks what survives in the fragment the
 * screen would insert.
 */
import { describe, expect, it } from 'vitest';
import { looksLikeHtml, sanitizeToFragment } from './sanitize-html.ts';

function clean(html: string): string {
  const host = document.createElement('div');
  host.append(sanitizeToFragment(html));
  return host.innerHTML;
}

/** Every attribute name and URL left anywhere in the cleaned output. */
function attributesOf(html: string): string[] {
  const host = document.createElement('div');
  host.append(sanitizeToFragment(html));
  return [...host.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((a) => `${a.name}=${a.value}`));
}

describe('sanitizeToFragment', () => {
  it('keeps the allowed formatting, links and images', () => {
    expect(clean('<p>Hello <strong>world</strong> <em>and</em> <code>x</code></p><ul><li>one</li></ul>')).toBe(
      '<p>Hello <strong>world</strong> <em>and</em> <code>x</code></p><ul><li>one</li></ul>',
    );
    expect(clean('<a href="https://example.com/a?b=1" title="t">link</a>')).toBe(
      '<a href="https://example.com/a?b=1" title="t" rel="noopener noreferrer nofollow" target="_blank">link</a>',
    );
    expect(clean('<a href="#top">top</a><a href="/v3/x">rel</a><a href="mailto:a@b.c">m</a>')).toBe(
      '<a href="#top" rel="noopener noreferrer nofollow">top</a>' +
        '<a href="/v3/x" rel="noopener noreferrer nofollow" target="_blank">rel</a>' +
        '<a href="mailto:a@b.c" rel="noopener noreferrer nofollow" target="_blank">m</a>',
    );
    expect(clean('<img src="https://example.com/p.png" width="10">')).toBe(
      '<img src="https://example.com/p.png" width="10" loading="lazy" referrerpolicy="no-referrer" alt="">',
    );
  });

  it('removes scripts and styles with their content', () => {
    expect(clean('<p>a</p><script>alert(1)</script><style>body{display:none}</style><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(clean('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
    expect(clean('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>')).not.toMatch(/onerror/i);
  });

  it('removes event handlers', () => {
    const out = clean('<img src="x.png" onerror="alert(1)"><p onclick="alert(2)" onmouseover="alert(3)">t</p><div ONLOAD=alert(4)>d</div>');
    expect(out).not.toMatch(/on[a-z]+=/i);
    expect(out).toContain('<p>t</p>');
    expect(out).toContain('<div>d</div>');
  });

  it('removes javascript:, vbscript: and data: URLs from links, however spelled', () => {
    const links = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      ' javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'javascript&colon;alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    ];
    for (const href of links) {
      const attributes = attributesOf(`<a href="${href}">x</a>`);
      expect(
        attributes.filter((a) => a.startsWith('href=')),
        href,
      ).toEqual([]);
    }
  });

  it('keeps data: URLs for images only, and never script-capable ones', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(attributesOf(`<img src="${png}">`)).toContain(`src=${png}`);
    expect(attributesOf(`<a href="${png}">x</a>`).filter((a) => a.startsWith('href='))).toEqual([]);
    expect(clean('<img src="javascript:alert(1)">')).toBe(''); // no safe src left: no image
  });

  it('removes SVG and MathML, with their handlers and scripts', () => {
    expect(clean('<svg onload="alert(1)"><script>alert(2)</script><circle r="1"/></svg><p>after</p>')).toBe('<p>after</p>');
    expect(clean('<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>')).not.toMatch(/svg|javascript/i);
    expect(clean('<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>')).not.toMatch(/onerror|<math/i);
  });

  it('removes style attributes and expressions, frames, forms and embedded objects', () => {
    const out = clean(
      '<p style="background:url(javascript:alert(1));width:expression(alert(2))">s</p>' +
        '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x">' +
        '<form action="https://evil.example"><input name="p"><button>go</button></form>' +
        '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://evil.example/">',
    );
    expect(out).toBe('<p>s</p>go');
  });

  it('drops attributes that are not on the allow-list of their tag', () => {
    expect(attributesOf('<p id="x" data-x="1" aria-label="y" class="c" title="t">p</p>')).toEqual(['class=c']);
    expect(attributesOf('<span href="https://example.com" src="x">s</span>')).toEqual([]);
  });

  it('tells markup from plain text', () => {
    expect(looksLikeHtml('<p>x</p>')).toBe(true);
    expect(looksLikeHtml('a < b and c > d')).toBe(false);
  });
});
