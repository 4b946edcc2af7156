/** Dates as the spec reads them: en-GB for English (spec 000 §1), the UI language otherwise. */
export function formatDateTime(iso: string | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = language.startsWith('en') ? 'en-GB' : language;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Card summaries are cut at 150 characters (spec 000 §9). */
export const CARD_SUMMARY_MAX = 150;

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
