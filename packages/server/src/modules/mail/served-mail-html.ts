/**
 * An imported message's HTML as the timeline serves it (docs/product/mail.md#parsing): the
 * `import_mail` event keeps the body cleaned at import, but entries imported before remote images
 * were dropped still name them, and a reader's browser (or any API client showing the body) would
 * fetch them. The same image rule as the import (mail-image-rule.ts) is applied when the event is
 * served, so old entries are safe without rewriting them.
 *
 * Cleaning is skipped when the body shows no image other than a `data:` one (every entry imported
 * since), so an ordinary timeline read costs one scan of the text; only an old entry with a remote
 * image is cleaned again.
 */
import sanitizeHtml from 'sanitize-html';
import { safeHtmlOptions } from '../documents/safe-html-options.ts';
import { SAFE_HTML_POLICY } from '../documents/safe-html.ts';
import { withMailImageRule } from './mail-image-rule.ts';

const options = withMailImageRule(safeHtmlOptions(SAFE_HTML_POLICY));

/** Liberal on purpose: a false alarm only costs a cleaning that changes nothing. */
const MAY_SHOW_OTHER_IMAGE = /\bsrc\s*=\s*(?!["']?\s*data:)/i;

/** The HTML with every image that is not a `data:` URL reduced to its alt text. */
export function servedMailHtml(html: string): string {
  if (!/<img\b/i.test(html) || !MAY_SHOW_OTHER_IMAGE.test(html)) return html;
  return sanitizeHtml(html, options);
}

/** An `import_mail` event's data as served: its `html` under the mail image rule, the rest as stored. */
export function servedMailEventData(data: Record<string, unknown>): Record<string, unknown> {
  return typeof data.html === 'string' ? { ...data, html: servedMailHtml(data.html) } : data;
}
