/**
 * A thousand hostile and broken messages through parse and import on both databases
 * (docs/product/mail.md#mail-import): none crashes (each is imported, or refused with a 4xx such
 * as 'Unable to parse mail content.'), no stored HTML keeps a script, an event handler or a
 * `javascript:` link, every stored file sits inside the file store under a fresh key with a safe
 * name, and nothing is left in the store's temporary folder. The counts are printed.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/http-error.ts';
import { LocalFileStore } from '../../platform/files/file-store.ts';
import { MediaWork } from '../../platform/files/media-work.ts';
import { readDocumentForOrThrow } from '../documents/readable-document.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { hostileMailCorpus } from '../../test-support/hostile-mail-corpus.ts';
import { createIncident, workflowCast } from '../../test-support/workflow-fixtures.ts';
import { importReadMail, type SourceConnector } from './mail-import.ts';
import type { MailConnectorSettings } from './mail-provider.ts';
import { readMail } from './mail-parse.ts';
import { memberPrincipal } from './mail-rules.ts';

/** The corpus comes from files, not a connector: none is named, and no mail server is trusted. */
const corpusSource: SourceConnector = { id: 0, ownerUuid: null, settings: {} as MailConnectorSettings };

const ACTIVE_TAGS = new Set([
  'script',
  'iframe',
  'object',
  'embed',
  'meta',
  'base',
  'form',
  'svg',
  'math',
  'style',
  'link',
  'frame',
  'frameset',
]);
const ACTIVE_URL = /^\s*(javascript|vbscript|data\s*:\s*text\/html)/i;

/** What a browser would run in the HTML: active elements, event handlers, script URLs (entities decoded by the parser). */
function activeParts(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (ACTIVE_TAGS.has(name.toLowerCase())) found.push(`<${name}>`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (/^on/i.test(attribute)) found.push(`${name} ${attribute}`);
          if (ACTIVE_URL.test([...value].filter((c) => c.charCodeAt(0) > 0x20).join('')))
            found.push(`${name} ${attribute}=${value.slice(0, 40)}`);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe.each(testDialects)('hostile mail on %s', (dialect) => {
  const filesDir = mkdtempSync(join(tmpdir(), 'docket-mail-files-'));
  let t: TestApp;
  let media: MediaWork;

  beforeAll(async () => {
    t = await startTestApp(dialect, { fileStore: new LocalFileStore(filesDir), jobs: false });
    media = new MediaWork(t.ctx.config.media);
  });

  afterAll(async () => {
    await media?.close();
    await t?.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it(
    'parses and imports 1,000 hostile messages: 0 crashes, 0 scripts in stored HTML, 0 files outside the store',
    { timeout: 600_000 },
    async () => {
      const cast = await workflowCast(t);
      const principal = (await memberPrincipal(t.ctx, { orgId: cast.orgId }, cast.uuids.editorA))!;
      const docs = await Promise.all(Array.from({ length: 10 }, () => createIncident(t, cast.tokens.editorA, cast.siteA)));
      const corpus = hostileMailCorpus(1000);
      const counts = {
        messages: corpus.length,
        imported: 0,
        unreadable: 0,
        refused: 0,
        crashes: 0,
        attachmentsOffered: 0,
        attachmentsStored: 0,
      };
      const crashes: string[] = [];
      for (const [index, message] of corpus.entries()) {
        const docId = docs[index % docs.length]!.id;
        try {
          const mail = await readMail(t.ctx, message.raw);
          const { scope } = await readDocumentForOrThrow(t.ctx, principal, docId, 'update');
          const answer = await importReadMail(t.ctx, principal, scope, docId, corpusSource, mail, null, { media, log: t.app.log });
          counts.imported += answer.already_imported ? 0 : 1;
          counts.attachmentsOffered += answer.total - 1;
          counts.attachmentsStored += answer.already_imported ? 0 : answer.imported - 1;
        } catch (error) {
          if (error instanceof HttpError && error.code === 'mail_unreadable') counts.unreadable += 1;
          else if (error instanceof HttpError && error.status < 500) counts.refused += 1;
          else {
            counts.crashes += 1;
            crashes.push(`${message.kind}: ${String(error)}`);
          }
        }
      }
      const events = await t.ctx.database.db.selectFrom('events').select(['data']).where('type', '=', 'import_mail').execute();
      const htmls = events.map((e) => ((typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as { html: string | null }).html ?? '');
      const scripts = htmls.filter((html) => activeParts(html).length > 0).length;
      const rows = await t.ctx.database.db.selectFrom('files').select(['name', 'storage_key', 'thumb_key']).execute();
      const root = resolve(filesDir);
      const keys = new Set(
        rows
          .flatMap((r) => [r.storage_key, r.thumb_key])
          .filter((k): k is string => Boolean(k))
          .map((k) => resolve(root, k)),
      );
      const onDisk = walk(root);
      const outside = onDisk.filter((path) => !keys.has(path) || !path.startsWith(root + sep)).length;
      const unsafeNames = rows.filter((r) => r.name.includes('\u0000') || /[/\\]|\.\./.test(r.name)).length;
      console.log(
        `hostile mail (${dialect}):`,
        JSON.stringify({
          ...counts,
          eventsStored: events.length,
          scriptsInStoredHtml: scripts,
          filesOnDisk: onDisk.length,
          filesOutsideStore: outside,
          unsafeNames,
        }),
      );
      expect(crashes).toEqual([]);
      expect(counts.messages).toBeGreaterThanOrEqual(1000);
      expect(events.length).toBe(counts.imported);
      expect(counts.imported).toBeGreaterThan(500);
      expect(counts.attachmentsStored).toBeGreaterThan(0);
      expect(scripts).toBe(0);
      // The check itself sees active HTML when there is some.
      expect(activeParts('<p>x</p><img src=x onerror=alert(1)><a href="&#x6A;avascript:alert(1)">y</a><script>1</script>')).toHaveLength(3);
      expect(outside).toBe(0);
      expect(unsafeNames).toBe(0);
    },
  );
});
