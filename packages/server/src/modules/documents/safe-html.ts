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

const options: sanitizeHtml.IOptions = {
  allowedTags: [...SAFE_HTML_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(SAFE_HTML_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...SAFE_HTML_URL_SCHEMES],
  allowedSchemesByTag: Object.fromEntries(Object.entries(SAFE_HTML_URL_SCHEMES_BY_TAG).map(([tag, schemes]) => [tag, [...schemes]])),
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: SAFE_HTML_LINK_REL }) },
};

export function safeHtml(html: string): string {
  return sanitizeHtml(html, options);
}
