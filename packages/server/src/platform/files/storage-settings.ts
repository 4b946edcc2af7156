/**
 * The organisation's storage settings (docs/product/administration.md#storage), from `organisations.settings.storage`,
 * each snapped to its allowed values: maxImageSize 1920/2560/3840, imageCompression 0.75–0.95,
 * thumbQuality 64/128/256 (thumbnail size in pixels), and our maxFileMb (25 by default).
 */
import { DEFAULT_MAX_FILE_MB, STORAGE_SETTINGS } from '@docket/shared';
import type { Database } from '../db/database.ts';
import { readJson } from '../db/json.ts';

export interface StorageSettings {
  maxImageSize: number;
  imageCompression: number;
  thumbQuality: number;
  maxFileMb: number;
}

function pick<T extends number>(value: unknown, options: readonly T[], fallback: T): T {
  return typeof value === 'number' && (options as readonly number[]).includes(value) ? (value as T) : fallback;
}

export function storageSettingsFrom(settings: unknown): StorageSettings {
  const storage = (settings as { storage?: Record<string, unknown> } | null)?.storage ?? {};
  const maxFileMb =
    typeof storage.maxFileMb === 'number' && storage.maxFileMb >= 1 && storage.maxFileMb <= 1024 ? storage.maxFileMb : DEFAULT_MAX_FILE_MB;
  return {
    maxImageSize: pick(storage.maxImageSize, STORAGE_SETTINGS.maxImageSize.options, STORAGE_SETTINGS.maxImageSize.default),
    imageCompression: pick(storage.imageCompression, STORAGE_SETTINGS.imageCompression.options, STORAGE_SETTINGS.imageCompression.default),
    thumbQuality: pick(storage.thumbQuality, STORAGE_SETTINGS.thumbQuality.options, STORAGE_SETTINGS.thumbQuality.default),
    maxFileMb,
  };
}

export async function storageSettingsOf(database: Database, orgId: number): Promise<StorageSettings> {
  const row = await database.db.selectFrom('organisations').select('settings').where('id', '=', orgId).executeTakeFirst();
  return storageSettingsFrom(readJson<unknown>(row?.settings, {}));
}
