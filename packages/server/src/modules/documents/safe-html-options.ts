/**
 * The sanitize-html options of the shared allow-list (docs/product/security.md), built from the
 * policy's plain values. Kept apart from safe-html.ts so a worker thread that cannot load
 * `@docket/shared` (mail parsing, modules/mail/mail-parse-task.ts) cleans HTML the same way: it
 * receives the same values as task input.
 */
import sanitizeHtml from 'sanitize-html';

export interface SafeHtmlPolicy {
  tags: readonly string[];
  attributes: Readonly<Record<string, readonly string[]>>;
  schemes: readonly string[];
  schemesByTag: Readonly<Record<string, readonly string[]>>;
  linkRel: string;
}

export function safeHtmlOptions(policy: SafeHtmlPolicy): sanitizeHtml.IOptions {
  return {
    allowedTags: [...policy.tags],
    allowedAttributes: Object.fromEntries(Object.entries(policy.attributes).map(([tag, names]) => [tag, [...names]])),
    allowedSchemes: [...policy.schemes],
    allowedSchemesByTag: Object.fromEntries(Object.entries(policy.schemesByTag).map(([tag, schemes]) => [tag, [...schemes]])),
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: policy.linkRel }) },
  };
}
