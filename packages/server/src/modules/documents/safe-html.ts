/**
 * HTML descriptions (types with `descripIsHtml`, e.g. posts) are cleaned before they are stored,
 * so no client — ours, an export, a mail notification — ever receives script, event handlers or
 * `javascript:` links (stored XSS, docs/product/security.md). The allow-list is shared with the
 * web app (`SAFE_HTML_*` in @docket/shared), which cleans again on display with DOMPurify.
 */
import {
  SAFE_HTML_ATTRIBUTES,
  SAFE_HTML_LINK_REL,
  SAFE_HTML_TAGS,
  SAFE_HTML_URL_SCHEMES,
  SAFE_HTML_URL_SCHEMES_BY_TAG,
} from '@docket/shared';
import sanitizeHtml from 'sanitize-html';
import { safeHtmlOptions, type SafeHtmlPolicy } from './safe-html-options.ts';

export const SAFE_HTML_POLICY: SafeHtmlPolicy = {
  tags: SAFE_HTML_TAGS,
  attributes: SAFE_HTML_ATTRIBUTES,
  schemes: SAFE_HTML_URL_SCHEMES,
  schemesByTag: SAFE_HTML_URL_SCHEMES_BY_TAG,
  linkRel: SAFE_HTML_LINK_REL,
};

const options = safeHtmlOptions(SAFE_HTML_POLICY);

export function safeHtml(html: string): string {
  return sanitizeHtml(html, options);
}
