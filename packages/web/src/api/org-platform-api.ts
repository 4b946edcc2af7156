/**
 * Server tasks (`GET /v3/{appId}/task/{name}`, docs/product/administration.md#server-tasks) and
 * automatic translation (`POST /v3/{appId}/translate`, docs/product/administration.md#translation).
 */
import type { ServerTaskAnswer, TranslateAnswer, TranslationLanguage } from '@docket/shared';
import { apiClient } from './instance.ts';

export function runServerTask(appId: string, name: string): Promise<ServerTaskAnswer> {
  return apiClient.request(`/v3/${encodeURIComponent(appId)}/task/${encodeURIComponent(name)}`, { query: { flag: true } });
}

export function translateText(appId: string, text: string, target: TranslationLanguage): Promise<TranslateAnswer> {
  return apiClient.request(`/v3/${encodeURIComponent(appId)}/translate`, { method: 'POST', json: { text, target } });
}
