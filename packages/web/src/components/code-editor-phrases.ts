/**
 * CodeMirror names its own controls in English (the fold markers' 'Fold line', the search panel's
 * 'Find', the lint panel's 'Diagnostics'…) and looks each up in `EditorState.phrases` by that
 * English text. This gives it the user's language from the codeEditor strings, whose English
 * values are CodeMirror's phrases.
 */
import type { TFunction } from 'i18next';
import { codeEditorEn } from '../i18n/app/code-editor-ui.en.ts';

type PhraseKey = keyof typeof codeEditorEn;

/** CodeMirror's English phrase → the user's words for it. */
export function codeEditorPhrases(t: TFunction): Record<string, string> {
  return Object.fromEntries(
    (Object.entries(codeEditorEn) as [PhraseKey, string][]).map(([key, phrase]) => [phrase, t(`codeEditor.${key}`)]),
  );
}
