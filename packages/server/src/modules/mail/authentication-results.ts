/**
 * Reading a message's Authentication-Results headers (RFC 8601), and where they stand among its
 * other headers, for the sender check of docs/product/mail.md#requests-from-mail. Runs inside the
 * mail parse worker (mail-parse-task.ts), so it imports nothing but erasable types: a hostile
 * header is read by a thread the pool's limits end, never on the event loop.
 *
 * Only the syntax is read here; which header is trusted is decided with the connector's settings
 * on the main thread (sender-trust.ts). A header that cannot be read is kept as one naming no
 * server, so it is never trusted, yet still counts where it stands.
 */

/** One `method=result` of a header, with its `ptype.property=value` parts (lower-case names). */
export interface AuthenticationResult {
  method: string;
  result: string;
  properties: Record<string, string>;
}

/**
 * A message's headers in the order it has them, top first: an Authentication-Results header read,
 * any other only where it stands (it ends a run of the receiving server's verdicts, sender-trust.ts).
 */
export type TraceHeader =
  { kind: 'received' | 'other' } | { kind: 'authentication-results'; authservId: string; results: AuthenticationResult[] };

/** Headers read per message, from the top: the receiving server's are there; the rest is the sender's. */
const MAX_TRACE_HEADERS = 100;
/** Longest header read (a folded header with many results is a few hundred bytes). */
const MAX_HEADER_LENGTH = 16 * 1024;

/**
 * Splits a header's value at the `;` outside quoted strings and comments, dropping the comments
 * (RFC 8601 allows CFWS almost anywhere; a comment may hold `;` or `=` to mislead a naive reader).
 */
function lex(value: string): string[] | null {
  const segments: string[] = [];
  let current = '';
  let depth = 0;
  let isQuoted = false;
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!;
    if (char === '\\' && (isQuoted || depth > 0)) {
      if (isQuoted) current += char + (value[index + 1] ?? '');
      index += 1;
    } else if (isQuoted) {
      current += char;
      if (char === '"') isQuoted = false;
    } else if (char === '(') depth += 1;
    else if (char === ')') {
      if (depth === 0) return null;
      depth -= 1;
      if (depth === 0) current += ' ';
    } else if (depth > 0) continue;
    else if (char === '"') {
      isQuoted = true;
      current += char;
    } else if (char === ';') {
      segments.push(current);
      current = '';
    } else current += char;
  }
  if (isQuoted || depth > 0) return null;
  segments.push(current);
  return segments;
}

const TOKEN = String.raw`[A-Za-z0-9_.+-]+`;
const VALUE = String.raw`"(?:[^"\\]|\\.)*"|[^\s";]+`;
const METHOD = new RegExp(String.raw`^\s*(${TOKEN})(?:\s*/\s*\d+)?\s*=\s*(${TOKEN})`);
const REASON = new RegExp(String.raw`^\s*reason\s*=\s*(${VALUE})`, 'i');
const PROPERTY = new RegExp(String.raw`^\s*([A-Za-z0-9_-]+)\s*\.\s*([A-Za-z0-9_-]+)\s*=\s*(${VALUE})`);

function unquote(value: string): string {
  return value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
}

/** One `resinfo`; null when it is not of RFC 8601's form (it then proves nothing). */
function resultOf(segment: string): AuthenticationResult | null {
  const method = METHOD.exec(segment);
  if (!method) return null;
  let rest = segment.slice(method[0].length);
  const reason = REASON.exec(rest);
  if (reason) rest = rest.slice(reason[0].length);
  const properties: Record<string, string> = {};
  for (let found = PROPERTY.exec(rest); found; found = PROPERTY.exec(rest)) {
    properties[`${found[1]!.toLowerCase()}.${found[2]!.toLowerCase()}`] = unquote(found[3]!);
    rest = rest.slice(found[0].length);
  }
  if (rest.trim()) return null;
  return { method: method[1]!.toLowerCase(), result: method[2]!.toLowerCase(), properties };
}

/**
 * An Authentication-Results header's value (folded or not): the server that wrote it
 * (authserv-id, lower case) and its results; a result not of the RFC's form is left out, and a
 * header that cannot be read at all names no server.
 */
export function parseAuthenticationResults(value: string): { authservId: string; results: AuthenticationResult[] } {
  const unreadable = { authservId: '', results: [] };
  if (value.length > MAX_HEADER_LENGTH) return unreadable;
  const segments = lex(value.replace(/\r?\n(?=[ \t])/g, ''));
  if (!segments) return unreadable;
  const [head = '', ...rest] = segments;
  const id = new RegExp(String.raw`^\s*(${VALUE})(?:\s+\d+)?\s*$`).exec(head);
  if (!id) return unreadable;
  const results = rest.length === 1 && rest[0]!.trim().toLowerCase() === 'none' ? [] : rest.map(resultOf);
  return {
    authservId: unquote(id[1]!).toLowerCase(),
    results: results.filter((result): result is AuthenticationResult => result !== null),
  };
}

/** A message's raw header lines (mailparser's `headerLines`) as trace headers, top first. */
export function traceHeadersOf(lines: readonly { key: string; line: string }[]): TraceHeader[] {
  const trace: TraceHeader[] = [];
  for (const { key, line } of lines) {
    if (trace.length >= MAX_TRACE_HEADERS) break;
    if (key === 'authentication-results')
      trace.push({ kind: 'authentication-results', ...parseAuthenticationResults(line.slice(line.indexOf(':') + 1)) });
    else trace.push({ kind: key === 'received' ? 'received' : 'other' });
  }
  return trace;
}
