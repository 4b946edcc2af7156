/**
 * The JSON code editor's own words (CodeMirror's phrases: its fold markers, search panel, lint
 * panel and go-to-line prompt), read by screen readers and shown in its panels. Mapped onto
 * CodeMirror's English phrases in components/code-editor-phrases.ts.
 */
export const codeEditorEn = {
  foldLine: 'Fold line',
  unfoldLine: 'Unfold line',
  foldedLines: 'Folded lines',
  unfoldedLines: 'Unfolded lines',
  foldedCode: 'folded code',
  unfold: 'unfold',
  to: 'to',
  find: 'Find',
  replace: 'Replace',
  next: 'next',
  previous: 'previous',
  all: 'all',
  matchCase: 'match case',
  regexp: 'regexp',
  byWord: 'by word',
  replaceOne: 'replace',
  replaceAll: 'replace all',
  close: 'close',
  currentMatch: 'current match',
  replacedMatches: 'replaced $ matches',
  replacedMatchOnLine: 'replaced match on line $',
  onLine: 'on line',
  goToLine: 'Go to line',
  go: 'go',
  selectionDeleted: 'Selection deleted',
  controlCharacter: 'Control character',
  diagnostics: 'Diagnostics',
  noDiagnostics: 'No diagnostics',
  completions: 'Completions',
};
