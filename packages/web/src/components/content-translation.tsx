/**
 * The Translate action beside content (docs/product/administration.md#translation): comments,
 * imported mail, posts and long text fields. It asks the server for the text in the user's
 * language (cached there per text and language); the translation replaces the text with the
 * original one click away. When the organisation turned translation off the server's answer is
 * the spec's alert, shown as it is.
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '@docket/shared';
import { describeError } from '../api/describe-error.ts';
import { translateText } from '../api/org-platform-api.ts';

export interface ContentTranslation {
  /** The text to show: the translation while it is shown, else the original. */
  text: string;
  isTranslated: boolean;
  /** The Translate / Show original button (nothing for an empty text). */
  action: ReactNode;
  /** The failure, when the last attempt failed. */
  alert: ReactNode;
}

function targetOf(language: string | undefined): TranslationLanguage {
  const code = (language ?? 'en').slice(0, 2);
  return (TRANSLATION_LANGUAGES as readonly string[]).includes(code) ? (code as TranslationLanguage) : 'en';
}

export function useContentTranslation(appId: string, original: string): ContentTranslation {
  const { t, i18n } = useTranslation();
  const [isShown, setIsShown] = useState(false);
  const target = targetOf(i18n.resolvedLanguage);
  const translation = useMutation({ mutationFn: () => translateText(appId, original, target) });
  const translated = translation.data?.data.target === target ? translation.data.data.translatedText : undefined;
  const isTranslated = isShown && translated !== undefined;
  if (!original.trim()) return { text: original, isTranslated: false, action: null, alert: null };
  const onClick = () => {
    if (isTranslated) return setIsShown(false);
    setIsShown(true);
    if (translated === undefined) translation.mutate();
  };
  const action = (
    <Button
      size="small"
      startIcon={<TranslateIcon fontSize="small" />}
      onClick={onClick}
      disabled={translation.isPending}
      aria-pressed={isTranslated}
    >
      {isTranslated ? t('contentTranslation.showOriginal') : t('contentTranslation.translate')}
    </Button>
  );
  const alert =
    translation.isError && isShown ? (
      <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setIsShown(false)} data-testid="translation-alert">
        {describeError(translation.error, t, t('contentTranslation.failed'))}
      </Alert>
    ) : null;
  return { text: isTranslated ? translated : original, isTranslated, action, alert };
}
