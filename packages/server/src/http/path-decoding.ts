/**
 * Routing on the decoded path. Fastify's router (find-my-way) decodes a path with `decodeURI`
 * semantics: percent-encoded reserved characters — `$`, `&`, `+`, `,`, `:`, `=`, `@`, and `/`, `?`,
 * `#`, `;`, `%` — stay encoded while static segments are compared, so `/v3/demo/%24%24log` did not
 * match the static `/v3/:appId/$$log` and fell through to the generic `/v3/:appId/:type` route,
 * which answered something else for the same address. Clients do encode `$` in path segments.
 *
 * `decodedRoutingUrl` (Fastify's `rewriteUrl`) decodes, in the path only, the reserved characters
 * that mean the same literal or encoded inside a segment. It keeps `%2F`, `%3F`, `%23`, `%3B` and
 * `%25` encoded: decoding them would split a segment, start a query or fragment, or decode twice.
 * Route parameters are decoded by the router as before.
 */
const SAME_IN_A_SEGMENT = /%(24|26|2B|2C|3A|3D|40)/gi;

export function decodedRoutingUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%')) return url;
  const decoded = path.replace(SAME_IN_A_SEGMENT, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return queryAt === -1 ? decoded : decoded + url.slice(queryAt);
}
