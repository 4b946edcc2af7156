/**
 * The organisation's settings sections (docs/product/administration.md#settings): one JSON Schema
 * per section, used by the server on every save and by the web's generated forms, so both sides
 * refuse the same input with the same words. `PUT /v3/account/settings` takes an object keyed by
 * section name; a section sent is merged over its stored values, then checked whole.
 */
import type { JsonSchema } from '../schema/json-schema.ts';
import { compileDocumentValidator, type ValidationProblem } from '../validation/document-validator.ts';
import { isValidTimeZone } from '../reporting/months.ts';
import { DEFAULT_MAX_FILE_MB, STORAGE_SETTINGS } from './events.ts';

export const ORG_SETTINGS_SECTIONS = ['general', 'theme', 'storage', 'mail'] as const;
export type OrgSettingsSectionName = (typeof ORG_SETTINGS_SECTIONS)[number];

export function isOrgSettingsSection(name: unknown): name is OrgSettingsSectionName {
  return typeof name === 'string' && (ORG_SETTINGS_SECTIONS as readonly string[]).includes(name);
}

/** The 14 chart palettes of docs/product/administration.md#theme (the web holds their colours). */
export const CHART_PALETTE_CHOICES = [
  'default',
  'highcharts',
  'legacy',
  'orange',
  'blueGrey',
  'deepOrange',
  'blue',
  'teal',
  'amber',
  'lime',
  'indigo',
  'tableau-classic',
  'tableau-red-black',
  'tableau-orange-blue',
] as const;

/** docs/product/administration.md#theme: small 2px, medium 4px (default), large 8px. */
export const DENSITY_PIXELS = { small: 2, medium: 4, large: 8 } as const;
export type ThemeDensity = keyof typeof DENSITY_PIXELS;

/** The storage limit of docs/product/administration.md#storage: 10 GB, shown in MB. */
export const STORAGE_LIMIT_MB = 10 * 1024;
export const STORAGE_CATEGORIES = ['documents', 'attachments', 'thumbnails', 'mail', 'exports'] as const;
export type StorageCategory = (typeof STORAGE_CATEGORIES)[number];
export const STORAGE_FULL_MESSAGE = "Your organisation's storage limit (10 GB) is reached: delete files before uploading more.";

/** `GET /v3/account/storage`: rows of category and size in KB (docs/product/administration.md#storage). */
export interface StorageUsageAnswer {
  dataAr: { category: StorageCategory; sizekb: number }[];
  total: number;
  limit_mb: number;
  used_mb: number;
  over_limit: boolean;
}

/** A `#rgb` or `#rrggbb` colour: the only form a stored colour may take (it reaches CSS). */
export const COLOUR_PATTERN = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$';
export const COLOUR_MESSAGE = 'must be a colour such as #263238';
export const TIME_ZONE_MESSAGE = 'must be a time zone such as Europe/Paris';
export const IMAGE_URI_MESSAGE = 'must be an https address or a path starting with /';
export const URL_MESSAGE = 'must be an http or https address';

const colour = (title: string): JsonSchema => ({ type: 'string', title, pattern: COLOUR_PATTERN, 'x-message': COLOUR_MESSAGE });
const flag = (title: string, value: boolean): JsonSchema => ({ type: 'boolean', title, default: value });
const choices = (values: readonly (string | number)[], titles?: readonly string[]): JsonSchema[] =>
  values.map((value, index) => ({ const: value, title: titles?.[index] ?? String(value) }));

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const METRIC_SCOPES = ['itm', 'ytd', 'roll12', 'roll24', 'target', 'total'] as const;

export const generalSettingsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    translation: flag('Automatic translation', true),
    translation_url: {
      type: 'string',
      title: 'Translation service address',
      maxLength: 500,
      pattern: '^(https?://\\S+)?$',
      'x-message': URL_MESSAGE,
    },
    translation_api_key: { type: 'string', title: 'Translation service key (leave empty to keep)', format: 'password', maxLength: 500 },
    translation_api_key_set: { type: 'boolean', title: 'A translation key is stored', readOnly: true },
    themeUserAllow: flag('Users may set their own theme', false),
    showPersonal: flag('Show personal', true),
    showActivity: flag('Show activity', true),
    showNews: flag('Show news', true),
    showReportsTopLevel: flag('Show reports at the top level', false),
    showSearch: flag('Show search', true),
    time_zone: { type: 'string', title: 'Time zone', minLength: 1, maxLength: 64, default: 'UTC', 'x-message': TIME_ZONE_MESSAGE },
    fiscal_year_start_month: {
      type: 'integer',
      title: 'Fiscal year starts in',
      oneOf: choices([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], MONTHS),
      default: 1,
    },
    highlight: { type: 'string', title: 'Highlight', oneOf: choices(['None', 'Category', 'Field']), default: 'None' },
    highlightField: { type: 'string', title: 'Highlight field', maxLength: 100 },
    categories: {
      type: 'array',
      title: 'Categories',
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title'],
        properties: {
          title: { type: 'string', title: 'Title', minLength: 1, maxLength: 100 },
          description: { type: 'string', title: 'Description', maxLength: 500 },
          color: colour('Colour'),
        },
      },
    },
    metrics: {
      type: 'array',
      title: 'Default metrics',
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['report_id', 'metric'],
        properties: {
          report_id: { type: 'integer', title: 'Report', minimum: 1 },
          metric: { type: 'string', title: 'Metric', minLength: 1, maxLength: 200 },
          cat: { type: 'string', title: 'Metric scope', oneOf: choices(METRIC_SCOPES) },
          subMetric: { type: 'string', title: 'Sub-metric', maxLength: 200 },
          subCat: { type: 'string', title: 'Sub-category', maxLength: 200 },
          virtual: { type: 'boolean', title: 'Virtual' },
        },
      },
    },
  },
};

export const themeSettingsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    primaryColor: { ...colour('Primary colour'), default: '#263238' },
    secondaryColor: { ...colour('Secondary colour'), default: '#ff5722' },
    backgroundColor: { ...colour('Background (light)'), default: '#fefefe' },
    backgroundColorDark: { ...colour('Background (dark)'), default: '#141414' },
    backgroundImageUri: {
      type: 'string',
      title: 'Background image',
      maxLength: 2000,
      pattern: '^(https://\\S+|/[^/\\s]\\S*)?$',
      'x-message': IMAGE_URI_MESSAGE,
    },
    blur: { type: 'integer', title: 'Background blur (px)', minimum: 0, maximum: 50, default: 0 },
    drawerColor: colour('Drawer colour'),
    drawerColorText: colour('Drawer text colour'),
    chartPalette: { type: 'string', title: 'Chart palette', oneOf: choices(CHART_PALETTE_CHOICES), default: 'default' },
    density: {
      type: 'string',
      title: 'Density',
      oneOf: choices(['small', 'medium', 'large'], ['Small', 'Medium', 'Large']),
      default: 'medium',
    },
  },
};

export const storageSettingsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    maxImageSize: {
      type: 'integer',
      title: 'Largest image side (px)',
      oneOf: choices(STORAGE_SETTINGS.maxImageSize.options),
      default: 2560,
    },
    imageCompression: {
      type: 'number',
      title: 'Image compression',
      oneOf: choices(STORAGE_SETTINGS.imageCompression.options),
      default: 0.9,
    },
    thumbQuality: { type: 'integer', title: 'Thumbnail size (px)', oneOf: choices(STORAGE_SETTINGS.thumbQuality.options), default: 128 },
    maxFileMb: { type: 'integer', title: 'File size limit (MB)', minimum: 1, maximum: 1024, default: DEFAULT_MAX_FILE_MB },
  },
};

export const mailSettingsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    imap_enabled: flag('Mail import (IMAP) enabled', false),
    microsoft_enabled: flag('Personal Microsoft mailbox enabled', false),
    microsoft_unread: flag('Personal mailbox: unread only', true),
    shared_mailboxes: {
      type: 'array',
      title: 'Shared mailboxes',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'username'],
        properties: {
          title: { type: 'string', title: 'Title', minLength: 1, maxLength: 100 },
          username: { type: 'string', title: 'Mailbox address', format: 'email', maxLength: 254 },
          unread: { type: 'boolean', title: 'Unread only', default: true },
        },
      },
    },
  },
};

export const orgSettingsSchemas: Record<OrgSettingsSectionName, JsonSchema> = {
  general: generalSettingsSchema,
  theme: themeSettingsSchema,
  storage: storageSettingsSchema,
  mail: mailSettingsSchema,
};

/** Each section's values as answered by `GET /v3/account/settings` (secrets only as `…_set`). */
export type OrgSettingsAnswer = Record<OrgSettingsSectionName, Record<string, unknown>>;
export type OrgSettingsBody = Partial<Record<OrgSettingsSectionName, Record<string, unknown>>>;

function fieldSchema(section: OrgSettingsSectionName, path: string): JsonSchema | undefined {
  let schema: JsonSchema | undefined = orgSettingsSchemas[section];
  for (const part of path.split('.')) {
    if (!schema) return undefined;
    schema = /^\d+$/.test(part) ? schema.items : schema.properties?.[part];
  }
  return schema;
}

/**
 * The problems of a section's values: the schema's, with a field's own message (`x-message`) in
 * place of Ajv's "must match pattern …", plus the checks a schema cannot say (a real time zone).
 */
export function orgSettingsProblems(section: OrgSettingsSectionName, values: Record<string, unknown>): ValidationProblem[] {
  const problems = compileDocumentValidator(orgSettingsSchemas[section])(
    JSON.parse(JSON.stringify(values)) as Record<string, unknown>,
  ).problems.map((problem) => {
    const own = fieldSchema(section, problem.path)?.['x-message'];
    return problem.keyword === 'pattern' && typeof own === 'string' ? { ...problem, message: own } : problem;
  });
  const zone = values.time_zone;
  if (section === 'general' && typeof zone === 'string' && zone && !isValidTimeZone(zone)) {
    problems.push({ path: 'time_zone', message: TIME_ZONE_MESSAGE, keyword: 'time_zone' });
  }
  return problems;
}

/** Write-only keys of `organisations.settings`: answered to nobody, as `<key>_set` to administrators. */
export const ORG_SETTINGS_SECRETS = ['translation_api_key'] as const;

/** The settings as a member may see them (the session): without the write-only keys. */
export function withoutSettingsSecrets(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([key]) => !(ORG_SETTINGS_SECRETS as readonly string[]).includes(key)));
}
