/**
 * The language a refusal is answered in (docs/architecture.md#refusal-languages): the first of the
 * caller's `Accept-Language` ranges, by quality, that names a language the server has a catalogue
 * for; English otherwise. The web app sends the language its user chose, so a French user reads
 * the server's refusals in French; an API client that asks for nothing gets English, the spec's words.
 */
export const REFUSAL_LANGUAGES = ['en', 'fr', 'es'] as const;
export type RefusalLanguage = (typeof REFUSAL_LANGUAGES)[number];

/** Headers longer than this are not read (a browser sends a few dozen characters). */
const MAX_HEADER_LENGTH = 512;

export function refusalLanguage(acceptLanguage: string | string[] | undefined): RefusalLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header || header.length > MAX_HEADER_LENGTH) return 'en';
  let chosen: RefusalLanguage = 'en';
  let best = 0;
  for (const range of header.split(',')) {
    const [tag = '', ...parameters] = range.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0];
    if (!isRefusalLanguage(language)) continue;
    const quality = qualityOf(parameters);
    // Ties keep the earlier range: the header lists preferences in order.
    if (quality > best) {
      best = quality;
      chosen = language;
    }
  }
  return chosen;
}

function isRefusalLanguage(value: string | undefined): value is RefusalLanguage {
  return (REFUSAL_LANGUAGES as readonly string[]).includes(value ?? '');
}

function qualityOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.trim().split('=');
    if (name?.trim().toLowerCase() !== 'q') continue;
    const quality = Number(value);
    return Number.isFinite(quality) && quality >= 0 && quality <= 1 ? quality : 0;
  }
  return 1;
}
