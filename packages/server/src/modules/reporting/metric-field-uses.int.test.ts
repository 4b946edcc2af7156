/**
 * Type schemas and the KPIs that use their fields, on both databases
 * (docs/product/reporting.md#metrics, docs/product/documents-and-schemas.md#schema-rules): a
 * schema save or delete that would break a metric's formula is refused naming the field and the
 * metric, a compatible one is kept, only the saving organisation's metrics count, a metric naming
 * an unknown field is refused, and a metric that names a field no longer there (stored before
 * these checks) leaves the refresh job to compute the report's other metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { runJobsOnce } from '../../platform/jobs/job-worker.ts';
import { patchDocumentData } from '../../platform/records/documents.repository.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { placesOf } from '../../test-support/access-fixtures.ts';
import { catalogFor } from '../documents/list-params.ts';
import { REFRESH_PERIOD_JOB } from './refresh-job.ts';
import { typeOrThrow } from './reporting.repository.ts';
import { figure, itemsByKey, month } from './reporting.test-fixtures.ts';

const properties = {
  summary: { type: 'string', minLength: 1 },
  score: { type: 'integer', minimum: 0 },
  area: { type: 'string' },
  resolved: { type: 'boolean' },
};

const findingType = (fields: Record<string, unknown> = properties) => ({
  type: 'audit_finding',
  description: 'Findings of internal audits',
  category: 'Quality',
  idMask: 'AF-{seq:3}',
  form: { title: 'Audit finding', schema: { type: 'object', required: ['summary'], properties: fields } },
  view: { title: 'Audit findings', table: { schema: [{ id: 'summary', label: 'Summary' }] } },
});

const withoutField = (field: string) => Object.fromEntries(Object.entries(properties).filter(([name]) => name !== field));

const SCORE_REMOVED = "The field 'score' is used by the metric 'Score total' of the report 'Audits': change the metric first.";

describe.each(testDialects)('type schemas and the KPIs using their fields on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let acmeAdmin: string;
  let schemaIds: Record<'demo' | 'acme', number>;
  let reportId: number;
  let metricIds: Record<string, number>;

  const post = (token: string, url: string, payload?: unknown) => t.as(token, { method: 'POST', url, ...(payload ? { payload } : {}) });

  /** Saves the organisation's audit_finding type with these fields, at its current version. */
  async function saveFields(app: 'demo' | 'acme', fields: Record<string, unknown>, headers: Record<string, string> = {}) {
    const token = app === 'demo' ? admin : acmeAdmin;
    const url = `/v3/${app}/$$schema/${schemaIds[app]}`;
    const version = (await t.as(token, { method: 'GET', url })).json().meta.version as number;
    return t.as(token, { method: 'PUT', url, headers, payload: { ...findingType(fields), meta: { version } } });
  }

  async function storedFields(app: 'demo' | 'acme'): Promise<string[]> {
    const token = app === 'demo' ? admin : acmeAdmin;
    const stored = (await t.as(token, { method: 'GET', url: `/v3/${app}/$$schema/${schemaIds[app]}` })).json();
    return Object.keys(stored.form.schema.properties).sort();
  }

  async function metric(token: string, app: string, report: number, name: string, label: string, formula: string) {
    const created = await post(token, `/v3/${app}/report_metric`, {
      report_id: report,
      name,
      label,
      descrip: label,
      unit: '#',
      type: 1,
      formula,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as number;
  }

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    admin = (await t.signIn('admin@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const demoSchema = await post(admin, '/v3/demo/$$schema', findingType());
    const acmeSchema = await post(acmeAdmin, '/v3/acme/$$schema', findingType());
    expect([demoSchema.statusCode, acmeSchema.statusCode], demoSchema.body).toEqual([201, 201]);
    schemaIds = { demo: demoSchema.json().id, acme: acmeSchema.json().id };
    const report = await post(admin, '/v3/demo/report', { title: 'Audits', data_frequency: 3, cover_scopes: [1] });
    expect(report.statusCode, report.body).toBe(201);
    reportId = report.json().id;
    metricIds = {
      findings: await metric(admin, 'demo', reportId, 'findings', 'Kitchen findings', `count(audit_finding, "area = 'kitchen'")`),
      score_total: await metric(admin, 'demo', reportId, 'score_total', 'Score total', "sum(audit_finding, score, '')"),
      mean_score: await metric(admin, 'demo', reportId, 'mean_score', 'Mean score', 'score_total / findings'),
    };
    // Acme's own report counts closed findings of its own audit_finding type.
    const acmeReport = await post(acmeAdmin, '/v3/acme/report', { title: 'Acme audits', data_frequency: 3, cover_scopes: [1] });
    expect(acmeReport.statusCode, acmeReport.body).toBe(201);
    await metric(acmeAdmin, 'acme', acmeReport.json().id, 'closed_findings', 'Closed findings', "count(audit_finding, 'resolved = true')");
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('refuses a save that removes, renames, retypes or lists a field a metric uses, naming the field and the metric', async () => {
    const removed = await saveFields('demo', withoutField('score'));
    expect(removed.statusCode).toBe(400);
    expect(removed.json().error_description).toBe(`form.schema: ${SCORE_REMOVED}`);
    const { area, ...rest } = properties;
    const renamed = await saveFields('demo', { ...rest, zone: area });
    expect(renamed.json().error_description).toBe(
      "form.schema: The field 'area' is used by the metric 'Kitchen findings' of the report 'Audits': change the metric first.",
    );
    for (const score of [{ type: 'string' }, { type: 'array', items: { type: 'integer' } }]) {
      const retyped = await saveFields('demo', { ...properties, score });
      expect(retyped.statusCode, JSON.stringify(score)).toBe(400);
      expect(retyped.json().error_description).toBe(`form.schema: ${SCORE_REMOVED}`);
    }
    expect(await storedFields('demo')).toEqual(['area', 'resolved', 'score', 'summary']);
  });

  it('answers the refusal in the caller’s language', async () => {
    const french = await saveFields('demo', withoutField('score'), { 'accept-language': 'fr' });
    expect(french.json().error_description).toBe(
      "form.schema: Le champ « score » est utilisé par l'indicateur « Score total » du rapport « Audits » : modifiez d'abord l'indicateur.",
    );
    const spanish = await saveFields('demo', withoutField('score'), { 'accept-language': 'es' });
    expect(spanish.json().error_description).toBe(
      'form.schema: El campo «score» lo usa la métrica «Score total» del informe «Audits»: cambie primero la métrica.',
    );
  });

  it('keeps a change the formulas still check with', async () => {
    const widened = await saveFields('demo', { ...properties, score: { type: 'number' }, notes: { type: 'string' } });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(await storedFields('demo')).toEqual(['area', 'notes', 'resolved', 'score', 'summary']);
  });

  it('counts only the saving organisation’s metrics', async () => {
    // Only acme's metric tests `resolved`: demo may drop it, acme may not.
    const demo = await saveFields('demo', withoutField('resolved'));
    expect(demo.statusCode, demo.body).toBe(200);
    const acme = await saveFields('acme', withoutField('resolved'));
    expect(acme.statusCode).toBe(400);
    expect(acme.json().error_description).toBe(
      "form.schema: The field 'resolved' is used by the metric 'Closed findings' of the report 'Acme audits': change the metric first.",
    );
    // Demo's metrics use score; acme has none that does.
    expect((await saveFields('acme', withoutField('score'))).statusCode).toBe(200);
    expect(await storedFields('acme')).toEqual(['area', 'resolved', 'summary']);
  });

  it('refuses deleting a type a metric counts', async () => {
    const refused = await t.as(acmeAdmin, { method: 'DELETE', url: `/v3/acme/$$schema/${schemaIds.acme}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_description).toBe(
      "The type 'audit_finding' is used by the metric 'Closed findings' of the report 'Acme audits': change the metric first.",
    );
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/$$schema/${schemaIds.acme}` })).statusCode).toBe(200);
  });

  it('words the refusal for a metric that belongs to no report', async () => {
    const created = await post(acmeAdmin, '/v3/acme/report_metric', {
      name: 'kitchen_count',
      label: 'Kitchen count',
      descrip: 'Kitchen count',
      unit: '#',
      type: 1,
      formula: `count(audit_finding, "area = 'kitchen'")`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const refusals = {
      en: "form.schema: The field 'area' is used by the metric 'Kitchen count', which belongs to no report: change the metric first.",
      fr: "form.schema: Le champ « area » est utilisé par l'indicateur « Kitchen count », qui n'appartient à aucun rapport : modifiez d'abord l'indicateur.",
      es: 'form.schema: El campo «area» lo usa la métrica «Kitchen count», que no pertenece a ningún informe: cambie primero la métrica.',
    };
    for (const [language, refusal] of Object.entries(refusals)) {
      const refused = await saveFields('acme', withoutField('area'), { 'accept-language': language });
      expect([refused.statusCode, refused.json().error_description]).toEqual([400, refusal]);
    }
    const deleted = await t.as(acmeAdmin, { method: 'DELETE', url: `/v3/acme/$$schema/${schemaIds.acme}` });
    expect(deleted.json().error_description).toContain(
      "The type 'audit_finding' is used by the metric 'Kitchen count', which belongs to no report: change the metric first.",
    );
    expect(await storedFields('acme')).toContain('area');
  });

  it('refuses a metric that names a field its type does not have', async () => {
    const refused = await post(admin, '/v3/demo/report_metric', {
      report_id: reportId,
      name: 'typo',
      label: 'Typo',
      descrip: 'Typo',
      unit: '#',
      type: 1,
      formula: "sum(audit_finding, scor, '')",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_formula', reason: "Unknown field 'scor' of type 'audit_finding'" });
  });

  it('computes the other metrics when one names a field no longer there, its own figures unknown with the reason', async () => {
    for (const [summary, score, area] of [
      ['Greasy floor', 3, 'kitchen'],
      ['Blocked exit', 5, 'kitchen'],
      ['Loose cable', 2, 'office'],
    ] as const)
      expect((await post(admin, '/v3/demo/audit_finding', { summary, score, area })).statusCode).toBe(201);
    // A formula stored before schema saves were checked against metrics: it sums a field the type lost.
    const { orgId } = await placesOf(t, 'demo');
    const metricType = await typeOrThrow(t.ctx, orgId, 'report_metric');
    const part = {
      docType: metricType.type,
      scope: AccessScope.system(orgId, 'update', 'test stale formula'),
      catalog: catalogFor(null, metricType),
    };
    await writeQueueFor(t.ctx.database).run((trx) =>
      patchDocumentData(t.ctx.database, trx, part, metricIds.score_total!, { formula: "sum(audit_finding, gone, '')" }),
    );
    const now = new Date();
    const [year, monthOfYear] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
    const started = await post(admin, `/reporting/${reportId}?year=${year}&month=${monthOfYear}`);
    expect(started.json()).toEqual({ refreshing: true, percentComplete: 0 });
    expect(await runJobsOnce(t.ctx, `field-uses-${dialect}`)).toBeGreaterThanOrEqual(1);
    const jobs = await t.ctx.database.db.selectFrom('jobs').select(['status']).where('kind', '=', REFRESH_PERIOD_JOB).execute();
    expect(jobs.map((job) => job.status)).toEqual(['done']);
    const report = (await t.as(admin, { method: 'GET', url: `/v3/demo/report/${reportId}` })).json();
    expect([report.refreshing, report.percentComplete]).toEqual([false, 1]);
    const group = (await itemsByKey(t, orgId, reportId, month(year, monthOfYear))).get('group')!;
    expect(figure(group.values, 'itm', 'findings')).toBe(2);
    expect(figure(group.values, 'itm', 'score_total')).toBeNull();
    expect(figure(group.values, 'itm', 'mean_score')).toBeNull();
    expect((group.values.itm as { metric: string; text?: string }[]).find((entry) => entry.metric === 'score_total')?.text).toBe(
      "Not computed: Unknown field 'gone' of type 'audit_finding'",
    );
    // The administrators read why in the organisation's logs.
    const logs = await t.ctx.database.db.selectFrom('logs').select(['summary']).where('subject', '=', 'Metric not computed').execute();
    expect(logs.map((log) => log.summary)).toEqual(["Report 'Audits', metric 'score_total': Unknown field 'gone' of type 'audit_finding'"]);
    // One item's refresh and the virtual series compute too.
    const refreshed = await post(admin, `/reporting/${reportId}?year=${year}&month=${monthOfYear}&rdid=${group.id}`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(figure(refreshed.json()[String(group.id)], 'itm', 'findings')).toBe(2);
    const date = `${year}-${String(monthOfYear).padStart(2, '0')}-01`;
    const series = await t.as(admin, { method: 'GET', url: `/reporting/${reportId}?metric=score_total&scope=1&virtual=true&date=${date}` });
    expect(series.statusCode, series.body).toBe(200);
    expect(series.json().dataAr.at(-1).itm).toBeNull();
  });
});
