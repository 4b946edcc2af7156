/**
 * Automatic translation of content (docs/product/administration.md#translation): any member, when
 * the organisation's `translation` setting is on; the answer is cached per organisation, text and
 * target language, so the provider is asked once per text.
 */
import { createHash } from 'node:crypto';
import { TRANSLATION_DISABLED_MESSAGE, type TranslateAnswer, type TranslateRequest } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { libreTranslateProvider, TranslationFailed, type TranslationProvider } from './translation-providers.ts';
import { translationSettingsOf } from './translation-settings.ts';

export const TRANSLATION_NOT_SET_UP =
  'Automatic translation is not set up: an administrator enters the translation service address in the general settings.';

export function textHashOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

async function providerOf(ctx: AppContext, orgId: number): Promise<TranslationProvider> {
  const settings = await translationSettingsOf(ctx, orgId);
  if (!settings.isEnabled) throw new HttpError('forbidden', TRANSLATION_DISABLED_MESSAGE);
  if (settings.url === null) throw new HttpError('bad_request', TRANSLATION_NOT_SET_UP);
  return libreTranslateProvider(settings.url, settings.apiKey, { policy: ctx.config.outbound, timeoutMs: ctx.config.outboundTimeoutMs });
}

export async function translateText(ctx: AppContext, principal: Principal, request: TranslateRequest): Promise<TranslateAnswer> {
  const orgId = principal.org.id;
  const provider = await providerOf(ctx, orgId);
  const textHash = textHashOf(request.text);
  const cached = await ctx.database.db
    .selectFrom('translations')
    .select('translated_text')
    .where('org_id', '=', orgId)
    .where('text_hash', '=', textHash)
    .where('target_lang', '=', request.target)
    .executeTakeFirst();
  if (cached) return { data: { translatedText: cached.translated_text, target: request.target, cached: true } };
  let translatedText: string;
  try {
    translatedText = await provider.translate(request.text, request.target);
  } catch (error) {
    if (error instanceof TranslationFailed) throw new HttpError('translation_failed', error.message);
    throw error;
  }
  await ctx.database.db
    .insertInto('translations')
    .values({
      org_id: orgId,
      text_hash: textHash,
      target_lang: request.target,
      translated_text: translatedText,
      created_date: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['org_id', 'text_hash', 'target_lang']).doNothing())
    .execute();
  return { data: { translatedText, target: request.target, cached: false } };
}
