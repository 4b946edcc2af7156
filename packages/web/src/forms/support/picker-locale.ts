/**
 * The date pickers' own words in the user's language (docs/product/administration.md#localisation):
 * the button that opens a picker ('Choose date'), the calendar's month arrows, its toolbar title,
 * Clear and the field's placeholders come from MUI's locale text, not from dayjs, so the dayjs
 * locale alone left them English. English keeps MUI's defaults.
 */
import { esES, frFR, type PickersLocaleText } from '@mui/x-date-pickers/locales';

type LocaleText = Partial<PickersLocaleText>;

const LOCALE_TEXTS: Readonly<Record<string, LocaleText>> = {
  fr: frFR.components.MuiLocalizationProvider.defaultProps.localeText,
  es: esES.components.MuiLocalizationProvider.defaultProps.localeText,
};

/** The pickers' texts for `lang`; undefined (MUI's English) for English or a language not listed. */
export function pickerLocaleText(lang: string): LocaleText | undefined {
  return Object.hasOwn(LOCALE_TEXTS, lang) ? LOCALE_TEXTS[lang] : undefined;
}
