/**
 * An imported message's HTML is served under the mail image rule whenever it was imported
 * (docs/product/mail.md#parsing): only images the message carried (`data:`) keep their source.
 */
import { describe, expect, it } from 'vitest';
import { servedMailEventData, servedMailHtml } from './served-mail-html.ts';

const DATA = 'data:image/png;base64,iVBORw0KGgo=';

describe('serving an imported message body', () => {
  it('drops every image source other than a data: URL, keeping the alt text', () => {
    expect(servedMailHtml('<p>a</p><img src="https://tracker.example/p.gif" alt="logo" />')).toBe('<p>a</p><img alt="logo" />');
    expect(servedMailHtml('<img SRC=//tracker.example/p.gif><img src=\'/api/me\'><img src="http://x">')).toBe('<img /><img /><img />');
    expect(servedMailHtml(`<img src="cid:part@x" /><img src="${DATA}" alt="kept" />`)).toBe(`<img /><img alt="kept" src="${DATA}" />`);
  });

  it('hands a body without other images back as stored, untouched', () => {
    // As the import stores it (the image rule puts the source last).
    const stored = `<p>Hi <b>there</b></p><img alt="x" src="${DATA}" /><a href="https://example.org/" rel="noopener noreferrer">src=here</a>`;
    expect(servedMailHtml(stored)).toBe(stored);
    expect(servedMailHtml('<p>src="https://example.org/" is only words</p>')).toBe('<p>src="https://example.org/" is only words</p>');
  });

  it('changes only the html of the event data', () => {
    const data = { mail_from: { name: '', address: 'a@example.org' }, html: '<img src="https://t.example/x">' };
    expect(servedMailEventData(data)).toEqual({ ...data, html: '<img />' });
    expect(servedMailEventData({ html: null })).toEqual({ html: null });
  });
});
