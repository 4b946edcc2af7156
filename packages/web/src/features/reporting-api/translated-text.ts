/**
 * Texts a report, a dashboard page or a card carries in other languages (`i18n: { locales?,
 * data: { fr: { title, descrip, … } } }`, docs/product/reporting.md#reports and #cards): the
 * current language's text wins over the holder's own; `fr` serves `fr-CA`. When `locales` is
 * given, only those languages are offered.
 */
export interface TextTranslations {
  locales?: string[] | null;
  data?: Record<string, Record<string, string | null | undefined> | null | undefined> | null;
}

export type Translatable<Field extends string> = { i18n?: TextTranslations | null } & { [key in Field]?: unknown };

export function localisedText<Field extends string>(
  holder: Translatable<Field>,
  field: Field,
  language: string | undefined,
): string | undefined {
  const own = holder[field];
  const ownText = typeof own === 'string' && own.trim() ? own : undefined;
  if (!language) return ownText;
  const short = language.slice(0, 2);
  const locales = holder.i18n?.locales;
  const isOffered = !locales || locales.some((locale) => locale.slice(0, 2) === short);
  const data = isOffered ? holder.i18n?.data : undefined;
  const translated = data?.[language]?.[field] ?? data?.[short]?.[field];
  return typeof translated === 'string' && translated.trim() ? translated : ownText;
}

/** A report's title in `language` (its own title when it has none there; its id when it has no title). */
export function reportTitle(
  report: { id: number; title?: string | null; i18n?: TextTranslations | null },
  language: string | undefined,
): string {
  return localisedText(report, 'title', language) ?? String(report.id);
}
