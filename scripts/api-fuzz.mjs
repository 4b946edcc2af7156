#!/usr/bin/env node
/**
 * Odd input against every operation a running server describes (`/api/openapi.json`), as an
 * attacker would send it: each path parameter given names, numbers past every integer type,
 * negative and fractional ids, traversal and NUL; each call given odd queries; each body given a
 * wrong type for every property its schema names, empty and broken JSON, NUL and half characters.
 * The same requests every run (no randomness), so what it finds can be asked again.
 * It prints each answer of 500 or more and ends with status 1 if there was one: bad input must
 * always be a 4xx (docs/product/README.md#api-conventions). The sixty-fifth session's run found the
 * integer, NUL and half-character classes the route validators and `http/request-text.ts` now refuse.
 *
 *   node scripts/api-fuzz.mjs [--base http://127.0.0.1:8080] [--user admin@demo.local]
 *     [--password docket-demo-1] [--app demo] [--per-operation 6]
 *
 * Run it against a throwaway server (a demo data folder): it creates, changes and deletes what the
 * user may. Run it on both databases (DATABASE_URL for PostgreSQL), and as a user with few rights too.
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    user: { type: 'string', default: 'admin@demo.local' },
    password: { type: 'string', default: process.env.SEED_PASSWORD || 'docket-demo-1' },
    app: { type: 'string', default: 'demo' },
    'per-operation': { type: 'string', default: '6' },
  },
});

/** The `n`th of `list`, round and round: every run sends the same requests, so a finding can be repeated. */
const nth = (list, n) => list[n % list.length];

const HUGE_NUMBERS = ['1e30', '3000000000', '9007199254740993', '99999999999999999999'];
const PATH_VALUES = {
  appId: [values.app, 'nope', '%24%24'],
  type: ['incident', 'action', 'site', '$$schema', '$$x'],
  api: ['tags', 'x'],
  file: ['a.txt', '..%2f..%2fetc%2fpasswd', 'a%00b'],
};
const NUMBERS = ['1', '5', '0', '-1', '1.5', 'abc', ...HUGE_NUMBERS];
const QUERIES = [
  '',
  '?start=1e30',
  '?count=-1',
  '?count=100000',
  '?start=3000000000',
  '?filter=%27',
  '?filter=summary%20CONTAINS%20(',
  '?filter=site_id%20%3D%203000000000',
  "?filter=summary%20%3D%20'a%00b'",
  '?order=zzz%20desc',
  '?after=%25%25',
  '?app=nope',
];
const WRONG_BY_TYPE = {
  string: [1, {}, [], null, 'x'.repeat(100_000), 'a\u0000b', 'a\ud83d'],
  integer: ['x', 1.5, -1e30, 1e30, 3000000000, null],
  number: ['x', null, 1e308],
  boolean: ['x', 1, null],
  array: ['x', {}, [null], [[[]]]],
  object: ['x', [], null],
};
const RAW_BODIES = ['{}', '[]', 'null', '"s"', '{bad json', String.raw`{"summary":"\u0000"}`, String.raw`{"summary":"\ud83d"}`];

async function signIn() {
  const response = await fetch(`${values.base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: values.user, password: values.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()).access_token;
}

/** The bodies to send an operation: raw odd JSON, then one wrong value per property its schema names. */
function bodiesOf(operation) {
  const properties = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
  const wrong = Object.entries(properties).flatMap(([name, schema]) => {
    const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? 'string');
    return (WRONG_BY_TYPE[type] ?? WRONG_BY_TYPE.string).map((value) => JSON.stringify({ [name]: value }));
  });
  return [...RAW_BODIES, ...wrong];
}

const token = await signIn();
const description = await (await fetch(`${values.base}/api/openapi.json`)).json();
const failures = [];
let asked = 0;
for (const [template, operations] of Object.entries(description.paths)) {
  for (const [method, operation] of Object.entries(operations)) {
    if (!['get', 'post', 'put', 'patch', 'delete'].includes(method) || template === '/oauth/logout') continue;
    for (let round = 0; round < Number(values['per-operation']); round++) {
      let parameter = 0;
      const path = template.replace(/\{([^}]+)\}/g, (_whole, name) => nth(PATH_VALUES[name] ?? NUMBERS, round + 3 * parameter++));
      const bodies = ['post', 'put', 'patch'].includes(method) ? bodiesOf(operation) : [undefined];
      // A call without a body tries every odd query; one with a body, one query a body.
      const sends =
        bodies[0] === undefined
          ? QUERIES.map((query) => [query, undefined])
          : bodies.map((body, index) => [nth(QUERIES, round + index), body]);
      for (const [query, body] of sends) {
        const url = `${values.base}${path}${query}`;
        const headers = { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
        asked += 1;
        const answer = await fetch(url, { method: method.toUpperCase(), headers, body });
        if (answer.status >= 500) {
          failures.push(
            `${answer.status} ${method.toUpperCase()} ${url} ${(body ?? '').slice(0, 120)} → ${(await answer.text()).slice(0, 160)}`,
          );
          console.log(failures.at(-1));
        } else await answer.arrayBuffer();
      }
    }
  }
}
console.log(`${asked} requests, ${failures.length} answered 500 or more (as ${values.user})`);
process.exitCode = failures.length > 0 ? 1 : 0;
