/**
 * Refusals in the caller's language (docs/architecture.md#refusal-languages): every answer that
 * carries an `error_description` — the API's `{error:true, error_description, code}` and the token
 * endpoint's OAuth shape alike — has it, and its details' messages, translated for the
 * `Accept-Language` the request sent. The one place a language is applied; operations throw in English.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { refusalLanguage } from '../platform/i18n/refusal-language.ts';
import { translateRefusal } from '../platform/i18n/translate-refusal.ts';

interface Refusal {
  error_description: string;
  details?: unknown;
}

export function installLocalisedRefusals(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (!isRefusal(payload)) return payload;
    const language = refusalLanguage(request.headers['accept-language']);
    varyOnLanguage(reply);
    if (language === 'en') return payload;
    void reply.header('Content-Language', language);
    const translated: Refusal = { ...payload, error_description: translateRefusal(payload.error_description, language) };
    if (Array.isArray(payload.details)) {
      translated.details = payload.details.map((detail: unknown) =>
        detail && typeof detail === 'object' && typeof (detail as { message?: unknown }).message === 'string'
          ? { ...detail, message: translateRefusal((detail as { message: string }).message, language) }
          : detail,
      );
    }
    return translated;
  });
}

function isRefusal(payload: unknown): payload is Refusal {
  return (
    payload !== null && typeof payload === 'object' && typeof (payload as { error_description?: unknown }).error_description === 'string'
  );
}

/** The same address answers in another language for another header: caches must keep them apart. */
export function varyOnLanguage(reply: FastifyReply): void {
  const vary = reply.getHeader('Vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/(^|,\s*)accept-language(\s*,|$)/i.test(current))
    void reply.header('Vary', current ? `${current}, Accept-Language` : 'Accept-Language');
}
