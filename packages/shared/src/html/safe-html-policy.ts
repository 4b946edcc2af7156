/**
 * The one allow-list for HTML that users write and others read (descriptions of types with
 * `descripIsHtml`, e.g. posts): the server cleans with it before storing (sanitize-html), the web
 * app cleans with it again before showing (DOMPurify), so both agree on what survives. Anything
 * not listed here is removed: script, style, event handlers, forms, frames, SVG and MathML, and
 * every URL whose scheme is not listed (`javascript:`, `vbscript:`, `data:` outside images).
 */
export const SAFE_HTML_TAGS: readonly string[] = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'a',
  'code',
  'pre',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'img',
];

/** Attributes kept per tag; `*` applies to every allowed tag. */
export const SAFE_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  '*': ['class'],
};

/** URL schemes allowed in `href` and `src`; relative URLs are allowed too. */
export const SAFE_HTML_URL_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];

/** Tags whose URLs may use more schemes: inline images may be `data:` URLs. */
export const SAFE_HTML_URL_SCHEMES_BY_TAG: Readonly<Record<string, readonly string[]>> = {
  img: ['http', 'https', 'data'],
};

/** Every link gets this `rel`, whatever the author wrote. */
export const SAFE_HTML_LINK_REL = 'noopener noreferrer';

/**
 * True when a URL may stay in an attribute of `tag`: a relative URL, or an absolute one with an
 * allowed scheme. Browsers ignore control characters and whitespace inside a scheme
 * ("java\tscript:"), so those are removed before the scheme is read.
 */
export function isSafeHtmlUrl(value: string, tag = 'a'): boolean {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  return (SAFE_HTML_URL_SCHEMES_BY_TAG[tag] ?? SAFE_HTML_URL_SCHEMES).includes(scheme);
}
