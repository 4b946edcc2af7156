/**
 * A small allow-list HTML sanitizer for post descriptions (spec 002 §3.4: descrip is HTML written
 * by administrators, read by everyone). No sanitizer package is installed, so this keeps the rules
 * deliberately narrow: a fixed set of formatting tags, a handful of attributes, and only http(s),
 * mailto, tel and relative URLs. The input is parsed with DOMParser into an inert document (no
 * scripts run, no images load) and rebuilt node by node into the live document, so nothing is
 * ever serialised and re-parsed (which is where mutation XSS lives).
 */

const ALLOWED_TAGS = new Set([
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'sub', 'sup', 'small', 'mark',
  'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'code', 'pre', 'hr',
  'span', 'div', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'img',
]);

/** Elements dropped with everything inside them (their text is not content a reader should see). */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'template', 'noscript',
  'svg', 'math', 'form', 'input', 'button', 'textarea', 'select', 'option', 'head', 'title',
  'meta', 'link', 'base', 'audio', 'video', 'canvas', 'applet',
]);

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};

const URL_ATTRIBUTES = new Set(['href', 'src']);

export function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return true; // relative URL, fragment or protocol-relative
  return ['http', 'https', 'mailto', 'tel'].includes((scheme[1] ?? '').toLowerCase());
}

/** True when the text holds markup; plain text is shown with its line breaks instead. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i.test(text);
}

/** Parses `html` and returns a fragment of the target document holding only allowed content. */
export function sanitizeToFragment(html: string, target: Document = document): DocumentFragment {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const fragment = target.createDocumentFragment();
  copyChildren(parsed.body, fragment, target);
  return fragment;
}

function copyChildren(source: Node, destination: Node, target: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      destination.appendChild(target.createTextNode(child.textContent ?? ''));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      copyElement(child as Element, destination, target);
    }
    // Comments, processing instructions and anything else are dropped.
  }
}

function copyElement(element: Element, destination: Node, target: Document): void {
  const tag = element.localName.toLowerCase();
  if (DROPPED_WITH_CONTENT.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return;
  if (!ALLOWED_TAGS.has(tag)) {
    copyChildren(element, destination, target); // unknown wrapper: keep its content only
    return;
  }
  const clean = target.createElement(tag);
  for (const name of ALLOWED_ATTRIBUTES[tag] ?? []) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    if (URL_ATTRIBUTES.has(name) && !isSafeUrl(value)) continue;
    clean.setAttribute(name, value);
  }
  if (tag === 'a') {
    clean.setAttribute('rel', 'noopener noreferrer nofollow');
    if (!clean.getAttribute('href')?.startsWith('#')) clean.setAttribute('target', '_blank');
  }
  if (tag === 'img') {
    if (!clean.hasAttribute('src')) return;
    clean.setAttribute('loading', 'lazy');
    clean.setAttribute('referrerpolicy', 'no-referrer');
    // An image its author left undescribed is decorative to a screen reader, not a file name.
    if (!clean.hasAttribute('alt')) clean.setAttribute('alt', '');
  }
  copyChildren(element, clean, target);
  destination.appendChild(clean);
}
