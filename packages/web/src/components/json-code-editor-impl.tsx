/**
 * The CodeMirror JSON editor (never Monaco: it loads itself from a CDN). Loaded on demand by
 * json-code-editor.tsx so CodeMirror stays out of every route that does not show it.
 */
import { useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { codeEditorPhrases } from './code-editor-phrases.ts';
import { measureOffscreen } from './measure-offscreen.ts';
import type { JsonCodeEditorProps } from './json-code-editor.tsx';

export default function JsonCodeEditorImpl({ value, onChange, height = '320px', isReadOnly = false, label }: JsonCodeEditorProps) {
  const theme = useTheme();
  const { t } = useTranslation();
  const extensions = useMemo(
    () => [
      EditorState.phrases.of(codeEditorPhrases(t)),
      json(),
      linter(jsonParseLinter()),
      lintGutter(),
      EditorView.lineWrapping,
      // Wrapped lines keep their numbers beside them before the editor is first scrolled into view.
      measureOffscreen(),
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [label, t],
  );
  return (
    <CodeMirror
      value={value}
      height={height}
      theme={theme.palette.mode === 'dark' ? 'dark' : 'light'}
      extensions={extensions}
      readOnly={isReadOnly}
      editable={!isReadOnly}
      basicSetup={{ foldGutter: true, highlightActiveLine: !isReadOnly }}
      onChange={(next) => onChange?.(next)}
      // A long document scrolls: its scroller must be reachable by keyboard too (WCAG 2.1.1).
      onCreateEditor={(view) => {
        view.scrollDOM.tabIndex = 0;
      }}
    />
  );
}
