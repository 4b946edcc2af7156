/**
 * The demo's 'Safety Performance' report (docs/product/reporting.md#reports): its metrics — hours
 * entered by hand per site and month, counts and sums over incidents and actions, and the rates
 * computed from them (docs/product/reporting.md#kpi-maths) — with targets, and its dashboard layout
 * (docs/product/reporting.md#dashboard): a 'dashboard' page of Title, Metric, Spark, Table and
 * Chart cards, and a 'manager' page for Manage Period.
 */

export const SAFETY_REPORT_TITLE = 'Safety Performance';
/** The report's title and description in French and Spanish. */
export const SAFETY_REPORT_TEXTS = {
  fr: {
    title: 'Performance sécurité',
    descrip:
      "Statistiques mensuelles de sécurité de chaque site : taux d'accidents, arrêts de travail et gravité, incidents par catégorie et actions en retard.",
  },
  es: {
    title: 'Desempeño en seguridad',
    descrip:
      'Estadísticas mensuales de seguridad de cada centro: tasas de lesiones, tiempo perdido y gravedad, incidentes por categoría y acciones vencidas.',
  },
};

/** The manual metric the hours worked are entered in. */
export const HOURS_METRIC = 'hours';

export interface DemoMetric {
  name: string;
  label: string;
  descrip: string;
  /** 0 manual, 1 system-computed. */
  type: 0 | 1;
  formula?: string;
  unit: string;
  format: number;
  order: number;
  /** 1 upper (a higher value is bad), 2 lower (a lower value is bad). */
  targets?: { value: number; type: 1 | 2; reason_required: boolean };
  deviation?: { type: 'itm' | 'roll12'; value: number; reason_required: boolean };
  target_miss_text?: string;
}

const count = (
  name: string,
  label: string,
  descrip: string,
  formula: string,
  order: number,
  extra: Partial<DemoMetric> = {},
): DemoMetric => ({
  name,
  label,
  descrip,
  type: 1,
  formula,
  unit: '#',
  format: 0,
  order,
  ...extra,
});

export const SAFETY_METRICS: readonly DemoMetric[] = [
  {
    name: HOURS_METRIC,
    label: 'Hours worked',
    descrip: 'Hours worked by employees and contractors on site, from the payroll and gate records.',
    type: 0,
    unit: 'h',
    format: 0,
    order: 1,
    // A month far from the site's usual hours is worth a word of explanation.
    deviation: { type: 'roll12', value: 0.25, reason_required: false },
  },
  count('incidents', 'All incidents', 'Every incident reported, whatever its category.', "count(incident, '')", 2),
  count('recordables', 'Recordable injuries', 'Injuries that needed more than first aid.', "count(incident, 'recordable = true')", 3),
  count(
    'lost_time_injuries',
    'Lost-time injuries',
    'Injuries that kept someone off work for at least a shift.',
    "count(incident, 'lost_time = true')",
    4,
  ),
  count('lost_days', 'Lost days', 'Days lost to lost-time injuries.', "sum(incident, lost_days, 'lost_time = true')", 5),
  {
    name: 'trir',
    label: 'TRIR',
    descrip: 'Total recordable incident rate: recordable injuries per 200,000 hours worked.',
    type: 1,
    formula: 'recordables * 200000 / hours',
    unit: '#',
    format: 2,
    order: 6,
    targets: { value: 3, type: 1, reason_required: false },
    target_miss_text: 'Review the recordable injuries of the period with the site managers.',
  },
  {
    name: 'ltifr',
    label: 'LTIFR',
    descrip: 'Lost-time injury frequency rate: lost-time injuries per 1,000,000 hours worked.',
    type: 1,
    formula: 'lost_time_injuries * 1000000 / hours',
    unit: '#',
    format: 2,
    order: 7,
    targets: { value: 4, type: 1, reason_required: false },
  },
  {
    name: 'severity_rate',
    label: 'Severity rate',
    descrip: 'Lost days per 200,000 hours worked.',
    type: 1,
    formula: 'lost_days * 200000 / hours',
    unit: '#',
    format: 1,
    order: 8,
    targets: { value: 15, type: 1, reason_required: false },
  },
  count('injuries', 'Injuries', 'Incidents in the Injury category.', "count(incident, 'category = ''Injury''')", 9),
  count('near_misses', 'Near misses', 'Incidents in the Near Miss category.', "count(incident, 'category = ''Near Miss''')", 10),
  count(
    'property_damage',
    'Property damage',
    'Incidents in the Property Damage category.',
    "count(incident, 'category = ''Property Damage''')",
    11,
  ),
  count(
    'environmental',
    'Environmental',
    'Incidents in the Environmental category.',
    "count(incident, 'category = ''Environmental''')",
    12,
  ),
  count('security', 'Security', 'Incidents in the Security category.', "count(incident, 'category = ''Security''')", 13),
  {
    name: 'near_miss_ratio',
    label: 'Near misses per injury',
    descrip: 'Near misses reported for every injury: a higher ratio means hazards are caught before they hurt someone.',
    type: 1,
    formula: 'near_misses / injuries',
    unit: '#',
    format: 1,
    order: 14,
    targets: { value: 1.5, type: 2, reason_required: false },
  },
  count(
    'actions_overdue',
    'Actions overdue',
    'Open actions whose due date has passed, by the month they were due.',
    "count(action, 'closed = false AND due_date < today()')",
    15,
    { targets: { value: 0, type: 1, reason_required: false } },
  ),
];

/** Each metric's label and description in French and Spanish, stored as its `i18n` (docs/product/reporting.md#metrics). */
type MetricText = { label: string; descrip: string };
export const SAFETY_METRIC_TEXTS: Readonly<Record<string, { fr: MetricText; es: MetricText }>> = {
  [HOURS_METRIC]: {
    fr: {
      label: 'Heures travaillées',
      descrip: 'Heures travaillées sur site par les salariés et les sous-traitants, selon la paie et les entrées.',
    },
    es: {
      label: 'Horas trabajadas',
      descrip: 'Horas trabajadas en el centro por empleados y contratistas, según la nómina y los accesos.',
    },
  },
  incidents: {
    fr: { label: 'Tous les incidents', descrip: 'Chaque incident déclaré, quelle que soit sa catégorie.' },
    es: { label: 'Todos los incidentes', descrip: 'Cada incidente notificado, sea cual sea su categoría.' },
  },
  recordables: {
    fr: { label: 'Blessures à déclarer', descrip: 'Blessures ayant demandé plus que les premiers soins.' },
    es: { label: 'Lesiones registrables', descrip: 'Lesiones que necesitaron más que primeros auxilios.' },
  },
  lost_time_injuries: {
    fr: { label: 'Accidents avec arrêt', descrip: 'Blessures ayant tenu quelqu’un éloigné du travail au moins un poste.' },
    es: { label: 'Lesiones con baja', descrip: 'Lesiones que apartaron a alguien del trabajo al menos un turno.' },
  },
  lost_days: {
    fr: { label: 'Jours perdus', descrip: 'Jours perdus à cause des accidents avec arrêt.' },
    es: { label: 'Días perdidos', descrip: 'Días perdidos por lesiones con baja.' },
  },
  trir: {
    fr: { label: 'TRIR', descrip: 'Taux d’incidents enregistrables : blessures à déclarer pour 200 000 heures travaillées.' },
    es: { label: 'TRIR', descrip: 'Tasa de incidentes registrables: lesiones registrables por cada 200.000 horas trabajadas.' },
  },
  ltifr: {
    fr: { label: 'LTIFR', descrip: 'Taux de fréquence des accidents avec arrêt : accidents avec arrêt par million d’heures travaillées.' },
    es: { label: 'LTIFR', descrip: 'Índice de frecuencia de lesiones con baja: lesiones con baja por cada millón de horas trabajadas.' },
  },
  severity_rate: {
    fr: { label: 'Taux de gravité', descrip: 'Jours perdus pour 200 000 heures travaillées.' },
    es: { label: 'Tasa de gravedad', descrip: 'Días perdidos por cada 200.000 horas trabajadas.' },
  },
  injuries: {
    fr: { label: 'Blessures', descrip: 'Incidents de la catégorie Blessure.' },
    es: { label: 'Lesiones', descrip: 'Incidentes de la categoría Lesión.' },
  },
  near_misses: {
    fr: { label: 'Presque-accidents', descrip: 'Incidents de la catégorie Presque-accident.' },
    es: { label: 'Cuasi accidentes', descrip: 'Incidentes de la categoría Cuasi accidente.' },
  },
  property_damage: {
    fr: { label: 'Dommages matériels', descrip: 'Incidents de la catégorie Dommages matériels.' },
    es: { label: 'Daños materiales', descrip: 'Incidentes de la categoría Daños materiales.' },
  },
  environmental: {
    fr: { label: 'Environnement', descrip: 'Incidents de la catégorie Environnement.' },
    es: { label: 'Medioambiental', descrip: 'Incidentes de la categoría Medioambiental.' },
  },
  security: {
    fr: { label: 'Sûreté', descrip: 'Incidents de la catégorie Sûreté.' },
    es: { label: 'Seguridad física', descrip: 'Incidentes de la categoría Seguridad física.' },
  },
  near_miss_ratio: {
    fr: {
      label: 'Presque-accidents par blessure',
      descrip: 'Presque-accidents déclarés pour chaque blessure : plus le ratio est élevé, plus les dangers sont repérés avant de blesser.',
    },
    es: {
      label: 'Cuasi accidentes por lesión',
      descrip: 'Cuasi accidentes notificados por cada lesión: cuanto mayor es la proporción, antes se detectan los peligros.',
    },
  },
  actions_overdue: {
    fr: { label: 'Actions en retard', descrip: 'Actions ouvertes dont l’échéance est passée, par mois d’échéance.' },
    es: { label: 'Acciones vencidas', descrip: 'Acciones abiertas cuya fecha límite ha pasado, por mes de vencimiento.' },
  },
};

/** A metric as stored: its fields and its label and description in the other languages. */
export function storedMetric(metric: DemoMetric): DemoMetric & { i18n?: { data: Record<string, MetricText> } } {
  const texts = SAFETY_METRIC_TEXTS[metric.name];
  return texts ? { ...metric, i18n: { data: { fr: texts.fr, es: texts.es } } } : metric;
}

type Card = Record<string, unknown>;

type CardText = { title: string; descrip?: string };

/** A card's own French and Spanish texts (docs/product/reporting.md#cards: `i18n`), so a French or Spanish demo user reads the dashboard in their language. */
function inEveryLanguage(card: Card, fr: CardText, es: CardText): Card {
  return { ...card, i18n: { locales: ['fr', 'es'], data: { fr, es } } };
}

/** The dashboard layout (`report.schema`): pages of rows of cards, naming the report by id. */
export function safetyDashboardSchema(reportId: number): Record<string, unknown> {
  const metric = (name: string, title: string, cat: string, fr = title, es = title): Card =>
    inEveryLanguage(
      { type: 'Metric', title, report_id: reportId, metric: name, cat, allowPeriodOverride: ['itm', 'ytd', 'roll12'], width: 3 },
      { title: fr },
      { title: es },
    );
  return {
    dashboard: inEveryLanguage(
      {
        template: 'default',
        title: SAFETY_REPORT_TITLE,
        rows: [
          [
            inEveryLanguage(
              {
                type: 'Title',
                title: SAFETY_REPORT_TITLE,
                descrip: 'Injury rates, lost time, incidents by category and overdue actions for every site, month by month.',
                report_id: reportId,
                cat: 'itm',
                width: 7,
              },
              {
                title: SAFETY_REPORT_TEXTS.fr.title,
                descrip: "Taux d'accidents, arrêts de travail, incidents par catégorie et actions en retard de chaque site, mois par mois.",
              },
              {
                title: SAFETY_REPORT_TEXTS.es.title,
                descrip: 'Tasas de lesiones, tiempo perdido, incidentes por categoría y acciones vencidas de cada centro, mes a mes.',
              },
            ),
            // The month's item: its dates, last update, manual metrics and actions (docs/product/reporting.md#cards).
            { type: 'ReportHeader', report_id: reportId, width: 5 },
          ],
          [
            metric('trir', 'TRIR', 'roll12'),
            metric('ltifr', 'LTIFR', 'roll12'),
            metric('severity_rate', 'Severity rate', 'roll12', 'Taux de gravité', 'Tasa de gravedad'),
            metric('actions_overdue', 'Actions overdue', 'itm', 'Actions en retard', 'Acciones vencidas'),
          ],
          [
            inEveryLanguage(
              {
                type: 'Spark',
                title: 'TRIR, rolling 12 months',
                report_id: reportId,
                metric: 'trir',
                cat: 'roll12',
                historical: true,
                width: 6,
              },
              { title: 'TRIR, 12 mois glissants' },
              { title: 'TRIR, últimos 12 meses' },
            ),
            inEveryLanguage(
              {
                type: 'Spark',
                title: 'Recordable injuries',
                report_id: reportId,
                metric: 'recordables',
                cat: 'itm',
                historical: true,
                width: 6,
              },
              { title: 'Blessures à déclarer' },
              { title: 'Lesiones registrables' },
            ),
          ],
          [
            inEveryLanguage(
              {
                type: 'Table',
                title: 'Safety statistics',
                report_id: reportId,
                cat: 'itm',
                mode: 'current',
                metrics: SAFETY_METRICS.map((m) => m.name),
                allowPeriodOverride: true,
                width: 7,
              },
              { title: 'Statistiques de sécurité' },
              { title: 'Estadísticas de seguridad' },
            ),
            inEveryLanguage(
              {
                type: 'Chart',
                title: 'Incidents by category',
                report_id: reportId,
                cat: 'itm',
                chartType: 'bar',
                itemType: 'incident',
                filter: '',
                // The chart call's terms: one bar per category and month (docs/product/reporting.md#charts).
                group_by: 'category,month',
                width: 5,
              },
              { title: 'Incidents par catégorie' },
              { title: 'Incidentes por categoría' },
            ),
          ],
          [
            inEveryLanguage(
              {
                type: 'Chart',
                title: 'Incidents by category, this year',
                report_id: reportId,
                metrics: ['injuries', 'near_misses', 'property_damage', 'environmental', 'security'],
                cat: 'ytd',
                chartType: 'pie',
                width: 6,
              },
              { title: 'Incidents par catégorie, cette année' },
              { title: 'Incidentes por categoría, este año' },
            ),
            inEveryLanguage(
              { type: 'Spark', title: 'Lost days', report_id: reportId, metric: 'lost_days', cat: 'itm', historical: true, width: 6 },
              { title: 'Jours perdus' },
              { title: 'Días perdidos' },
            ),
          ],
        ],
      },
      { title: SAFETY_REPORT_TEXTS.fr.title },
      { title: SAFETY_REPORT_TEXTS.es.title },
    ),
    manager: inEveryLanguage(
      {
        template: 'manager',
        title: 'Manage Period',
        disableReportSwitch: true,
        requiredRoles: ['administrator', 'manager', 'editor'],
      },
      { title: 'Gérer la période' },
      { title: 'Gestionar el período' },
    ),
  };
}

/** The report document, without its layout (which names the report's id, known once it exists). */
export const SAFETY_REPORT = {
  title: SAFETY_REPORT_TITLE,
  descrip: 'Monthly safety statistics of every site: injury rates, lost time and severity, incidents by category and overdue actions.',
  // Read by the report switcher and the dashboard's heading in the user's language (docs/product/reporting.md#reports).
  i18n: { data: SAFETY_REPORT_TEXTS },
  // Monthly (docs/product/reporting.md#reports).
  data_frequency: 3,
  region_scope: 1,
  site_scope: 1,
  user_default: false,
  cover_scopes: [1, 2, 3],
} as const;
