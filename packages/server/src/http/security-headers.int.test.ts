/**
 * Every answer carries the security headers (docs/product/security.md): an API answer, the web
 * app's index page, the API docs UI, a refusal, and an attachment download — which keeps its own
 * stricter sandbox policy. That the built web app still runs under this policy is shown by the
 * browser tests (they fail on a CSP violation, see e2e/README.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../test-support/multipart.ts';
import { samplePdf } from '../test-support/sample-files.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDialects } from '../test-support/test-database.ts';
import { createIncident, workflowCast, type WorkflowCast } from '../test-support/workflow-fixtures.ts';

const webDist = mkdtempSync(join(tmpdir(), 'docket-web-dist-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Docket</title><script type="module" src="./assets/app.js"></script>');

afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** Directive name → its sources. */
function directives(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...sources] = part.split(/\s+/);
        return [name, sources.join(' ')];
      }),
  );
}

const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-permitted-cross-domain-policies': 'none',
};

describe.each(testDialects)('security headers on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false, webDist });
    cast = await workflowCast(t);
  });
  afterAll(() => t.close());

  it('puts the policy and the usual headers on API answers, the index page, the API docs and refusals', async () => {
    const answers = {
      api: await t.as(cast.tokens.readerA, { method: 'GET', url: '/v3/demo/incident?count=1' }),
      health: await t.app.inject({ method: 'GET', url: '/api/health' }),
      index: await t.app.inject({ method: 'GET', url: '/' }),
      docs: await t.app.inject({ method: 'GET', url: '/api/docs/' }),
      refusal: await t.app.inject({ method: 'GET', url: '/v3/demo/incident' }),
      missing: await t.app.inject({ method: 'GET', url: '/no/such/page' }),
    };
    expect(answers.index.body).toContain('<title>Docket</title>');
    expect(answers.refusal.statusCode).toBe(401);
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers, name).toMatchObject(COMMON);
      expect(answer.headers['strict-transport-security'], name).toBeUndefined(); // served over http here
      const csp = directives(answer.headers['content-security-policy'] as string);
      expect(csp, name).toMatchObject({
        'default-src': "'self'",
        // Ajv and JSON Forms compile schemas into functions: the web app's page only.
        'script-src': name === 'index' ? "'self' 'unsafe-eval'" : "'self'",
        'script-src-attr': "'none'",
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data: blob: https:",
        'connect-src': "'self'",
        'object-src': "'none'",
        // No frames at all: the PDF preview draws with pdf.js, never in a frame (docs/product/security.md#pdf-preview).
        'frame-src': "'none'",
        'frame-ancestors': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
      });
      expect(csp['script-src'], name).not.toContain('unsafe-inline');
      expect(Object.keys(csp), name).not.toContain('upgrade-insecure-requests');
    }
  });

  it('keeps the sandbox policy of a downloaded attachment, with the other headers', async () => {
    const docId = (await createIncident(t, cast.tokens.editorA, cast.siteA)).id;
    const body = multipart([{ name: 'notes.txt', data: '<script>alert(1)</script>' }]);
    const upload = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: `/files/doc/${docId}/uploadAtt`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const download = await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/notes.txt` });
    expect(download.statusCode).toBe(200);
    expect(download.headers).toMatchObject(COMMON);
    expect(download.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('never serves a file inline: PDFs, markup in text files and the document PDF are sandboxed attachments', async () => {
    const docId = (await createIncident(t, cast.tokens.editorA, cast.siteA)).id;
    const svgInText = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
    const body = multipart([
      { name: 'report.pdf', data: samplePdf() },
      { name: 'drawing.txt', data: svgInText },
      { name: 'page.md', data: '<html><body><script>alert(1)</script></body></html>' },
    ]);
    const upload = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: `/files/doc/${docId}/uploadAtt`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const answers = {
      pdf: await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/report.pdf` }),
      svgInText: await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/drawing.txt` }),
      htmlInMarkdown: await t.as(cast.tokens.readerA, { method: 'GET', url: `/file/doc/${docId}/page.md` }),
      documentPdf: await t.as(cast.tokens.readerA, { method: 'GET', url: `/v3/demo/incident/${docId}/pdf` }),
    };
    expect(answers.pdf.headers['content-type']).toBe('application/pdf');
    expect(answers.documentPdf.headers['content-type']).toBe('application/pdf');
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.statusCode, name).toBe(200);
      expect(answer.headers, name).toMatchObject(COMMON);
      expect(answer.headers['content-security-policy'], name).toBe("sandbox; default-src 'none'");
      expect(answer.headers['content-disposition'], name).toMatch(/^attachment;/);
      expect(answer.headers['content-type'], name).not.toMatch(/html|svg/);
    }
  });
});

describe('security headers behind https', () => {
  it('add HSTS and upgrade-insecure-requests only when the public address is https', async () => {
    const t = await startTestApp('sqlite', { jobs: false, seed: false, config: { publicUrl: 'https://docket.example.com' } });
    try {
      const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(answer.headers['strict-transport-security']).toBe('max-age=15552000');
      expect(answer.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });
});
