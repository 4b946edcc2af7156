/**
 * Risk matrices (docs/product/documents-and-schemas.md#survey-and-risk) in either configuration shape, normalised to one
 * model: metrics with options, and criticality bands. The score is the sum of the chosen values
 * and falls in the band with min <= score < max; an unset metric starts at its first option.
 */
export interface RiskOption {
  value: number;
  label: string;
}

export interface RiskMetric {
  id: string;
  title: string;
  options: RiskOption[];
}

export interface RiskBand {
  min: number;
  max: number;
  label: string;
  investigation: boolean;
  color?: string;
  descrip?: string;
  action?: string;
}

export interface RiskMatrix {
  metrics: RiskMetric[];
  bands: RiskBand[];
}

export interface RiskValue {
  values: Record<string, number>;
  score: number;
  criticality?: string;
  investigation?: boolean;
}

type Loose = Record<string, unknown>;
const list = (value: unknown): Loose[] => (Array.isArray(value) ? (value.filter((v) => v && typeof v === 'object') as Loose[]) : []);
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value));
const str = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

function band(entry: Loose, labelKey: string): RiskBand {
  const result: RiskBand = {
    min: num(entry.min),
    max: num(entry.max),
    label: str(entry[labelKey]),
    investigation: entry.investigation === true,
  };
  if (typeof entry.color === 'string') result.color = entry.color;
  if (typeof entry.descrip === 'string') result.descrip = entry.descrip;
  if (typeof entry.action === 'string') result.action = entry.action;
  return result;
}

/** Shape 1: risk_metrics + risk_criticalities. Shape 2: categories + criticalities. */
export function riskMatrixFromResource(data: unknown): RiskMatrix | null {
  if (!data || typeof data !== 'object') return null;
  const source = data as Loose;
  if (Array.isArray(source.risk_metrics)) {
    return {
      metrics: list(source.risk_metrics).map((metric) => ({
        id: str(metric.risk_metric_id),
        title: str(metric.title),
        options: list(metric.risk_metric_values).map((option) => ({ value: num(option.value), label: str(option.title) })),
      })),
      bands: list(source.risk_criticalities).map((entry) => band(entry, 'title')),
    };
  }
  if (Array.isArray(source.categories)) {
    return {
      metrics: list(source.categories).map((category) => ({
        id: str(category.value),
        title: str(category.label),
        options: list(category.options).map((option) => ({ value: num(option.value), label: str(option.label) })),
      })),
      bands: list(source.criticalities).map((entry) => band(entry, 'label')),
    };
  }
  return null;
}

export function bandOf(matrix: RiskMatrix, score: number): RiskBand | undefined {
  return matrix.bands.find((entry) => entry.min <= score && score < entry.max);
}

/** Score, criticality and investigation for the chosen values (unset metrics take their first option). */
export function computeRisk(matrix: RiskMatrix, chosen: Readonly<Record<string, unknown>> | undefined): RiskValue {
  const values: Record<string, number> = {};
  for (const metric of matrix.metrics) {
    const picked = chosen?.[metric.id];
    const first = metric.options[0]?.value;
    if (typeof picked === 'number') values[metric.id] = picked;
    else if (first !== undefined) values[metric.id] = first;
  }
  const score = Object.values(values).reduce((sum, value) => sum + value, 0);
  const found = bandOf(matrix, score);
  const result: RiskValue = { values, score };
  if (found) {
    result.criticality = found.label;
    result.investigation = found.investigation;
  }
  return result;
}

/** MUI palette colour of a criticality (docs/product/documents-and-schemas.md#survey-and-risk: Medium warning; High and Extreme error). */
export function criticalityColor(label: string | undefined): 'success' | 'warning' | 'error' | 'default' {
  if (!label) return 'default';
  const lower = label.toLowerCase();
  if (lower === 'high' || lower === 'extreme') return 'error';
  if (lower === 'medium') return 'warning';
  return 'success';
}
