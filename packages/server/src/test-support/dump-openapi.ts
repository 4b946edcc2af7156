/**
 * Writes the server's OpenAPI description (`GET /api/openapi.json`) to a file, from a test app on
 * a fresh embedded database. Converting routes to typed schemas must not change it:
 *   npx tsx packages/server/src/test-support/dump-openapi.ts /tmp/before.json   (then after; cmp)
 */
import { writeFileSync } from 'node:fs';
import { startTestApp } from './test-app.ts';

const target = process.argv[2];
if (!target) throw new Error('usage: dump-openapi.ts FILE');
process.env.DOCKET_JOBS = 'off';
const testApp = await startTestApp('sqlite', { seed: false });
try {
  const answer = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
  writeFileSync(target, `${JSON.stringify(answer.json(), null, 2)}\n`);
} finally {
  await testApp.close();
}
