/**
 * The web app's HTML sanitiser for descriptions written as HTML (posts; docs/product/security.md):
 * DOMPurify with the server's allow-list (`SAFE_HTML_*` from @docket/shared), so the screen keeps
 * exactly what the server would have stored. The server already cleaned the stored text; this is
 * the second line for anything that reaches the screen another way (an older row, an import, a
 * proxy). DOMPurify parses into an inert document and hands back a DOM fragment, so nothing is
 * serialised and parsed again (where mutation XSS lives).
 */
import DOMPurify, { type Config, type DOMPurify as DOMPurifyInstance } from 'dompurify';
import { isSafeHtmlUrl, SAFE_HTML_ATTRIBUTES, SAFE_HTML_LINK_REL, SAFE_HTML_TAGS, SAFE_HTML_URL_SCHEMES } from '@docket/shared';

/** Relative URLs, fragments and the allowed schemes (DOMPurify's form of the same rule). */
const ALLOWED_URI_REGEXP = new RegExp(`^(?:(?:${SAFE_HTML_URL_SCHEMES.join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i');

const allAttributes = [...new Set(Object.values(SAFE_HTML_ATTRIBUTES).flat())];

const config: Config = {
  ALLOWED_TAGS: [...SAFE_HTML_TAGS, '#text'],
  ALLOWED_ATTR: allAttributes,
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** True when the text holds markup; plain text is shown with its line breaks instead. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i.test(text);
}

let purifier: DOMPurifyInstance | undefined;

/** Our own DOMPurify instance with our hooks (hooks belong to an instance, not to a call). */
function purifierOrNew(): DOMPurifyInstance {
  if (purifier) return purifier;
  purifier = DOMPurify(globalThis);
  // DOMPurify's attribute list is global; the allow-list is per tag.
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const allowed = [...(SAFE_HTML_ATTRIBUTES[tag] ?? []), ...(SAFE_HTML_ATTRIBUTES['*'] ?? [])];
    if (!allowed.includes(data.attrName)) {
      data.keepAttr = false;
      return;
    }
    if ((data.attrName === 'href' || data.attrName === 'src') && !isSafeHtmlUrl(data.attrValue, tag)) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.localName === 'a') {
      element.setAttribute('rel', `${SAFE_HTML_LINK_REL} nofollow`);
      if (element.getAttribute('href')?.startsWith('#')) element.removeAttribute('target');
      else element.setAttribute('target', '_blank');
    }
    if (element.localName === 'img') {
      if (!element.getAttribute('src')) {
        element.remove();
        return;
      }
      element.setAttribute('loading', 'lazy');
      element.setAttribute('referrerpolicy', 'no-referrer');
      // An image its author left undescribed is decorative to a screen reader, not a file name.
      if (!element.hasAttribute('alt')) element.setAttribute('alt', '');
    }
  });
  return purifier;
}

/** Cleans `html` and returns a fragment of the target document holding only allowed content. */
export function sanitizeToFragment(html: string, target: Document = document): DocumentFragment {
  const fragment = purifierOrNew().sanitize(html, { ...config, RETURN_DOM_FRAGMENT: true });
  return target.importNode(fragment, true);
}
