/**
 * Translation providers by name (docs/product/administration.md#translation). Today one: a
 * LibreTranslate-compatible HTTP service (`POST {url}/translate` with `q`, `source: auto`,
 * `target`, `format: text`, `api_key` → `{translatedText}`), reached only through the guarded
 * outbound client, so the operator's outbound policy applies to the URL an administrator typed.
 */
import type { TranslationLanguage } from '@docket/shared';
import { guardedFetch, type GuardOptions } from '../../platform/net/guarded-fetch.ts';

export interface TranslationProvider {
  translate(text: string, target: TranslationLanguage): Promise<string>;
}

/** The provider failed: timed out, refused, or answered something that is not a translation. */
export class TranslationFailed extends Error {}

/** The `/translate` endpoint of a configured base URL (a URL already ending with it is kept). */
export function translateEndpoint(url: string): URL {
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new TranslationFailed(`The translation service address '${url}' is not a valid URL.`);
  }
  if (!base.pathname.replace(/\/+$/, '').endsWith('/translate')) base.pathname = `${base.pathname.replace(/\/+$/, '')}/translate`;
  return base;
}

/** Pure: the translated text of a LibreTranslate answer, or a TranslationFailed. */
export function translatedTextOf(body: unknown): string {
  const text = body && typeof body === 'object' ? (body as Record<string, unknown>).translatedText : undefined;
  if (typeof text !== 'string') throw new TranslationFailed('The translation service answered something that is not a translation.');
  return text;
}

export function libreTranslateProvider(url: string, apiKey: string | null, guard: GuardOptions): TranslationProvider {
  const fetch = guardedFetch({ maxBytes: 1024 * 1024, ...guard });
  return {
    async translate(text, target) {
      const endpoint = translateEndpoint(url);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ q: text, source: 'auto', target, format: 'text', ...(apiKey ? { api_key: apiKey } : {}) }),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new TranslationFailed(`The translation service could not be reached (${reason}).`);
      }
      if (!response.ok) throw new TranslationFailed(`The translation service refused the request (HTTP ${response.status}).`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new TranslationFailed('The translation service answered something that is not a translation.');
      }
      return translatedTextOf(body);
    },
  };
}
