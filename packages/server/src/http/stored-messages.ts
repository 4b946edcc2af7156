/**
 * Sentences the server stored in English when something failed — a mail connector's last poll, a
 * server task's failure — answered in the caller's language, as refusals are
 * (docs/architecture.md#refusal-languages). They were refusals when they happened (a connector's
 * `Mail connector '…': …` error, a directory sync's failure), so the refusal catalogues know them;
 * what they do not know (a database's own text) stays as stored. The stored text never changes:
 * another caller reads it in their own language.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusalLanguage } from '../platform/i18n/refusal-language.ts';
import { translateRefusal } from '../platform/i18n/translate-refusal.ts';
import { varyOnLanguage } from './localised-refusals.ts';

export type StoredMessageReader = (text: string | null) => string | null;

/** How this request reads stored messages; the answer then varies with `Accept-Language`. */
export function storedMessagesFor(request: FastifyRequest, reply: FastifyReply): StoredMessageReader {
  const language = refusalLanguage(request.headers['accept-language']);
  varyOnLanguage(reply);
  return (text) => (text === null || language === 'en' ? text : translateRefusal(text, language));
}
