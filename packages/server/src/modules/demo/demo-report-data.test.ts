/** The demo's 'Safety Performance' report (docs/product/reporting.md#kpi-maths, #dashboard). */
import { describe, expect, it } from 'vitest';
import { builtinTypeByName, compileReport, fieldCatalogOf } from '@docket/shared';
import { SAFETY_METRICS, SAFETY_REPORT, safetyDashboardSchema, storedMetric } from './demo-report-data.ts';

const catalogOf = (name: string) => fieldCatalogOf(builtinTypeByName(name)!, { canSeeProtected: true });

describe('the Safety Performance report', () => {
  it('has formulas the engine accepts, over incidents and actions, with hours entered by hand', () => {
    const compiled = compileReport(SAFETY_METRICS, { incident: catalogOf('incident'), action: catalogOf('action') });
    expect(compiled.parts.filter((part) => part.kind === 'manual').map((part) => part.key)).toEqual(['[hours]']);
    const types = new Set(compiled.parts.flatMap((part) => (part.kind === 'aggregate' ? [part.type] : [])));
    expect([...types].sort()).toEqual(['action', 'incident']);
    for (const name of ['trir', 'ltifr', 'severity_rate', 'actions_overdue', 'injuries', 'near_misses']) {
      expect(SAFETY_METRICS.map((m) => m.name)).toContain(name);
    }
    expect(SAFETY_METRICS.filter((m) => m.targets).length).toBeGreaterThanOrEqual(4);
  });

  it('gives every metric its French and Spanish label and description, stored as its i18n', () => {
    for (const metric of SAFETY_METRICS) {
      const stored = storedMetric(metric);
      for (const language of ['fr', 'es']) {
        expect(stored.i18n?.data[language]?.label, `${metric.name} in ${language}`).toMatch(/\S/);
        expect(stored.i18n?.data[language]?.descrip, `${metric.name} in ${language}`).toMatch(/\S/);
        expect(stored.i18n?.data[language]?.descrip).not.toBe(metric.descrip);
      }
    }
  });

  it('gives every titled card its French and Spanish title', () => {
    const schema = safetyDashboardSchema(42) as Record<string, { rows?: Record<string, unknown>[][] }>;
    const titled = schema.dashboard!.rows!.flat().filter((card) => typeof card.title === 'string');
    expect(titled.length).toBeGreaterThan(5);
    for (const card of titled) {
      const i18n = card.i18n as { locales: string[]; data: Record<string, { title?: string }> } | undefined;
      expect(i18n?.locales, String(card.title)).toEqual(['fr', 'es']);
      for (const language of ['fr', 'es']) expect(i18n?.data[language]?.title, `${String(card.title)} in ${language}`).toMatch(/\S/);
    }
  });

  it('gives the report and its pages their French and Spanish title, the report its description', () => {
    const schema = safetyDashboardSchema(42) as Record<string, { i18n?: { data: Record<string, { title?: string }> } }>;
    const [page, manager] = [schema.dashboard!, schema.manager!];
    for (const language of ['fr', 'es'] as const) {
      expect(SAFETY_REPORT.i18n.data[language].title, language).toMatch(/\S/);
      expect(SAFETY_REPORT.i18n.data[language].descrip, language).toMatch(/\S/);
      expect(SAFETY_REPORT.i18n.data[language].title).not.toBe(SAFETY_REPORT.title);
      expect(page.i18n?.data[language]?.title, language).toBe(SAFETY_REPORT.i18n.data[language].title);
      expect(manager.i18n?.data[language]?.title, language).toMatch(/\S/);
    }
  });

  it("lays out a 'dashboard' page of Title, ReportHeader, Metric, Spark, Table and Chart cards naming only the report's metrics, and a 'manager' page", () => {
    const schema = safetyDashboardSchema(42) as Record<string, { template: string; rows?: Record<string, unknown>[][] }>;
    expect(schema.manager?.template).toBe('manager');
    const cards = schema.dashboard!.rows!.flat();
    expect(new Set(cards.map((card) => card.type))).toEqual(new Set(['Title', 'ReportHeader', 'Metric', 'Spark', 'Table', 'Chart']));
    const names = new Set(SAFETY_METRICS.map((m) => m.name));
    for (const card of cards) {
      expect(card.report_id).toBe(42);
      if (typeof card.metric === 'string') expect(names.has(card.metric), card.metric).toBe(true);
      for (const metric of (card.metrics as string[] | undefined) ?? []) expect(names.has(metric), metric).toBe(true);
    }
  });
});
