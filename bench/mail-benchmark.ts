/**
 * Mail benchmark (docs/product/mail.md#api): a real IMAP server (Debian's dovecot on loopback)
 * with a 10,000-message folder; times the first page and a middle page of the folder list
 * (`GET /mail/{connector}/list`, 15 messages, the unread count) and importing a message with 5
 * attachments into a document (`GET /mail/{connector}/import/{uid}`), next to same-run baselines:
 * the server's bare `/api/health` and uploading the same 5 files through the upload route. The
 * first page is timed twice: with the connector's session kept between calls
 * (docs/product/mail.md#sessions) and with a new session for every call (the kept ones closed
 * first), so the saving shows on the same machine in the same run.
 * In-process (Fastify inject), embedded database unless `--database postgres` (TEST_DATABASE_URL).
 *   npx tsx bench/mail-benchmark.ts [--messages 10000] [--runs 15] [--database postgres]
 */
import { parseArgs } from 'node:util';
import { startTestApp } from '@docket/server/src/test-support/test-app.ts';
import { startDovecot } from '@docket/server/src/test-support/dovecot-server.ts';
import { mimeMessage } from '@docket/server/src/test-support/mime-messages.ts';
import { multipart } from '@docket/server/src/test-support/multipart.ts';
import { samplePdf, samplePng } from '@docket/server/src/test-support/sample-files.ts';
import { parseAddressRanges } from '@docket/server/src/platform/net/address-policy.ts';
import { createIncident, workflowCast } from '@docket/server/src/test-support/workflow-fixtures.ts';
import { sessionPoolOf } from '@docket/server/src/modules/mail/session-pool.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '15' },
    database: { type: 'string', default: 'sqlite' },
  },
});
const messageCount = Number(values.messages);
const runs = Number(values.runs);
const dialect = values.database === 'postgres' ? 'postgres' : 'sqlite';

interface Figures {
  median: number;
  p95: number;
}

async function measure(work: (run: number) => Promise<unknown>): Promise<Figures> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await work(run);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]! };
}

const show = (label: string, f: Figures) =>
  console.log(`${label.padEnd(58)} median ${f.median.toFixed(1).padStart(7)} ms   p95 ${f.p95.toFixed(1).padStart(7)} ms`);

const mailbox = { user: 'bench', password: 'bench-secret' };
const imap = await startDovecot([mailbox]);
const t = await startTestApp(dialect, {
  jobs: false,
  config: { outbound: { allowPrivate: parseAddressRanges('127.0.0.1'), allowHttp: true } },
});
try {
  const loadStart = performance.now();
  // Delivered into the Maildir as a delivery agent would (APPEND of 10,000 takes minutes here).
  await imap.deliver(
    mailbox,
    Array.from({ length: messageCount }, (_, i) =>
      mimeMessage({
        subject: `Inspection finding ${i}`,
        text: `Finding ${i}: guard rail loose on level ${i % 7}. `.repeat(12),
        date: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      }),
    ),
  );
  const attachments = [
    { name: 'photo-1.png', type: 'image/png', content: await samplePng(800, 600) },
    { name: 'photo-2.png', type: 'image/png', content: await samplePng(640, 480) },
    { name: 'report.pdf', type: 'application/pdf', content: samplePdf('Report') },
    { name: 'permit.pdf', type: 'application/pdf', content: samplePdf('Permit') },
    { name: 'notes.txt', type: 'text/plain', content: Buffer.from('Notes from the walk-through.\n'.repeat(200)) },
  ];
  const [withAttachments] = await imap.append(mailbox, 'INBOX', [
    mimeMessage({ subject: 'Evidence with 5 attachments', html: '<p>Evidence attached.</p>', attachments }),
  ]);
  console.log(`loaded ${messageCount + 1} messages into dovecot in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (${dialect})`);

  const admin = (await t.signIn('admin@demo.local')).access;
  const created = await t.as(admin, {
    method: 'POST',
    url: '/mail/settings/connectors',
    payload: {
      title: 'Bench inbox',
      host: imap.host,
      port: imap.port,
      security: 'none',
      user: mailbox.user,
      secret: mailbox.password,
      folders: ['INBOX'],
    },
  });
  if (created.statusCode !== 201) throw new Error(`connector: ${created.body}`);
  const connector = created.json().id as number;
  const list = (start: number) => async () => {
    const answer = await t.as(admin, { method: 'GET', url: `/mail/${connector}/list?f=INBOX&start=${start}` });
    if (answer.statusCode !== 200 || answer.json().dataAr.length !== 15)
      throw new Error(`list: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
  };
  // Warm-up: dovecot builds its index of the folder on first use.
  await list(0)();
  await list(5000)();

  console.log(`\nfolder of ${messageCount + 1} messages, ${runs} runs each`);
  show('GET /api/health (baseline)', await measure(() => t.app.inject({ method: 'GET', url: '/api/health' })));
  show('GET /mail/{c}/list first page (15 of the folder, unread count)', await measure(list(0)));
  show('GET /mail/{c}/list page at start=5000', await measure(list(5000)));
  const pool = sessionPoolOf(t.ctx);
  show(
    'GET /mail/{c}/list first page, a new session every call',
    await measure(async () => {
      pool.forget(connector);
      await list(0)();
    }),
  );
  show('GET /mail/{c}/list first page, session kept (again)', await measure(list(0)));

  const cast = await workflowCast(t);
  const docs = await Promise.all(Array.from({ length: runs * 2 }, () => createIncident(t, cast.tokens.admin, cast.siteA)));
  const files = multipart(attachments.map((a) => ({ name: a.name, data: a.content, type: a.type })));
  const refusals: string[] = [];
  const upload = await measure((run) =>
    t
      .as(cast.tokens.admin, {
        method: 'POST',
        url: `/files/doc/${docs[run]!.id}/uploadAttWithEvent`,
        payload: files.payload,
        headers: files.headers,
      })
      .then((r) => {
        // A loaded machine can push a thumbnail past the media worker's time limit: counted, not fatal.
        if (r.statusCode !== 200) refusals.push(`upload ${r.statusCode}: ${r.body.slice(0, 200)}`);
      }),
  );
  show('POST uploadAttWithEvent, the same 5 files (baseline)', upload);
  const importMail = await measure((run) =>
    t.as(admin, { method: 'GET', url: `/mail/${connector}/import/${withAttachments}?f=INBOX&doc_id=${docs[runs + run]!.id}` }).then((r) => {
      if (r.statusCode !== 200 || r.json().message !== '6 of 6 imported!') refusals.push(`import ${r.statusCode}: ${r.body.slice(0, 200)}`);
    }),
  );
  show('GET /mail/{c}/import/{uid}, message with 5 attachments', importMail);
  console.log(refusals.length === 0 ? 'every upload and import stored all its files' : `not all stored: ${refusals.join('; ')}`);
} finally {
  await t.close();
  await imap.stop();
}
