import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

export interface JsonCodeEditorProps {
  value: string;
  onChange?: (text: string) => void;
  height?: string;
  isReadOnly?: boolean;
  /** Accessible name of the editing area. */
  label: string;
}

const Impl = lazy(() => import('./json-code-editor-impl.tsx'));

/** A JSON code editor with syntax checking (CodeMirror, loaded when first shown). */
export function JsonCodeEditor(props: JsonCodeEditorProps) {
  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', '& .cm-editor': { fontSize: 13 } }}
      data-testid="json-code-editor"
    >
      <Suspense fallback={<LinearProgress />}>
        <Impl {...props} />
      </Suspense>
    </Box>
  );
}
