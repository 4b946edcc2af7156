/**
 * The registry of settings sections (docs/product/administration.md#settings): where each one's
 * values live in the organisation's row and how they are read back. `settings` holds what the
 * server applies (time zone, fiscal year, translation, storage, mail: keys the reporting, files and
 * translation code read); `app_config` holds what every member's screens need (show flags,
 * categories, theme). Adding a section adds an entry here and its schema in shared.
 */
import { DEFAULT_MAX_FILE_MB, DEFAULT_THEME, STORAGE_SETTINGS, type AppConfig, type OrgSettingsSectionName } from '@docket/shared';

export interface StoredOrgSettings {
  settings: Record<string, unknown>;
  appConfig: AppConfig;
}

export interface SettingsSection {
  /** The section's values as its form shows them (secrets only as `…_set`). */
  read(stored: StoredOrgSettings): Record<string, unknown>;
  /** The row after saving checked values; a secret left empty keeps the stored one. */
  write(stored: StoredOrgSettings, values: Record<string, unknown>): StoredOrgSettings;
  /** Write-only fields: never answered, never logged. */
  secrets: readonly string[];
}

type Values = Record<string, unknown>;

/** The stored value when it is of the default's type, else the default. */
function valueOr<T>(value: unknown, fallback: T): T {
  return typeof value === typeof fallback && value !== null ? (value as T) : fallback;
}

/** Only the keys that have a value: an optional field left empty is not stored as undefined. */
function defined(values: Values): Values {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

const GENERAL_FLAGS = {
  themeUserAllow: false,
  showPersonal: true,
  showActivity: true,
  showNews: true,
  showReportsTopLevel: false,
  showSearch: true,
};

const general: SettingsSection = {
  secrets: ['translation_api_key'],
  read({ settings, appConfig }) {
    const shown = appConfig.general ?? {};
    const flags = Object.fromEntries(
      Object.entries(GENERAL_FLAGS).map(([key, fallback]) => [key, valueOr((shown as Values)[key], fallback)]),
    ) as Values;
    if (shown.themeUserAllow === undefined && appConfig.themeVersion3?.themeUserAllow !== undefined) {
      flags.themeUserAllow = appConfig.themeVersion3.themeUserAllow;
    }
    return defined({
      // The organisation's switch (docs/product/administration.md#settings): on unless turned off.
      translation: valueOr(settings.translation, valueOr(shown.translation, true)),
      translation_url: valueOr(settings.translation_url, ''),
      translation_api_key_set: typeof settings.translation_api_key === 'string' && settings.translation_api_key !== '',
      ...flags,
      time_zone: valueOr(settings.time_zone, 'UTC'),
      fiscal_year_start_month: valueOr(settings.fiscal_year_start_month, 1),
      highlight: valueOr(shown.highlight, 'None'),
      highlightField: shown.highlightField,
      categories: Array.isArray(shown.categories) ? shown.categories : [],
      metrics: Array.isArray(shown.metrics) ? shown.metrics : [],
    });
  },
  write({ settings, appConfig }, values) {
    const {
      translation,
      translation_url,
      translation_api_key,
      time_zone,
      fiscal_year_start_month,
      translation_api_key_set: _set,
      ...shown
    } = values;
    const key = typeof translation_api_key === 'string' && translation_api_key !== '' ? translation_api_key : settings.translation_api_key;
    const theme = appConfig.themeVersion3;
    return {
      settings: defined({ ...settings, translation, translation_url, translation_api_key: key, time_zone, fiscal_year_start_month }),
      appConfig: {
        ...appConfig,
        // The client reads `general.translation` to offer the Translate action.
        general: defined({ ...appConfig.general, ...shown, translation }) as AppConfig['general'],
        // One switch: an older copy of themeUserAllow inside the theme follows the general one.
        ...(theme && theme.themeUserAllow !== undefined
          ? { themeVersion3: { ...theme, themeUserAllow: shown.themeUserAllow as boolean } }
          : {}),
      },
    };
  },
};

const THEME_DEFAULTS = { ...DEFAULT_THEME, blur: 0, chartPalette: 'default', density: 'medium' };

const theme: SettingsSection = {
  secrets: [],
  read({ appConfig }) {
    const { themeUserAllow: _allow, ...stored } = (appConfig.themeVersion3 ?? {}) as Values;
    return { ...THEME_DEFAULTS, ...stored };
  },
  write(stored, values) {
    const allow = stored.appConfig.themeVersion3?.themeUserAllow;
    return {
      ...stored,
      appConfig: { ...stored.appConfig, themeVersion3: defined({ ...values, themeUserAllow: allow }) as AppConfig['themeVersion3'] },
    };
  },
};

const storage: SettingsSection = {
  secrets: [],
  read({ settings }) {
    const stored = (settings.storage ?? {}) as Values;
    return {
      maxImageSize: valueOr(stored.maxImageSize, STORAGE_SETTINGS.maxImageSize.default as number),
      imageCompression: valueOr(stored.imageCompression, STORAGE_SETTINGS.imageCompression.default as number),
      thumbQuality: valueOr(stored.thumbQuality, STORAGE_SETTINGS.thumbQuality.default as number),
      maxFileMb: valueOr(stored.maxFileMb, DEFAULT_MAX_FILE_MB),
    };
  },
  write(stored, values) {
    return { ...stored, settings: { ...stored.settings, storage: { ...(stored.settings.storage as Values | undefined), ...values } } };
  },
};

const mail: SettingsSection = {
  secrets: [],
  read({ settings }) {
    const stored = (settings.mail ?? {}) as Values;
    return {
      imap_enabled: valueOr(stored.imap_enabled, false),
      microsoft_enabled: valueOr(stored.microsoft_enabled, false),
      microsoft_unread: valueOr(stored.microsoft_unread, true),
      shared_mailboxes: Array.isArray(stored.shared_mailboxes) ? stored.shared_mailboxes : [],
    };
  },
  write(stored, values) {
    return { ...stored, settings: { ...stored.settings, mail: values } };
  },
};

export const settingsSections: Record<OrgSettingsSectionName, SettingsSection> = { general, theme, storage, mail };
