import { useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { looksLikeHtml, sanitizeToFragment } from './sanitize-html.ts';

/**
 * A document description: sanitised HTML when it holds markup, else plain text with its line
 * breaks. The sanitised nodes are inserted directly (no innerHTML), see sanitize-html.ts.
 */
export function RichText({ text, sx }: { text: string; sx?: SxProps<Theme> }) {
  const ref = useRef<HTMLDivElement>(null);
  const isHtml = looksLikeHtml(text);

  useLayoutEffect(() => {
    if (isHtml && ref.current) ref.current.replaceChildren(sanitizeToFragment(text));
  }, [isHtml, text]);

  const baseSx: SxProps<Theme> = {
    overflowWrap: 'anywhere',
    '& img': { maxWidth: '100%', height: 'auto' },
    '& p:first-of-type': { mt: 0 },
    '& p:last-child': { mb: 0 },
    '& a': { color: 'primary.main' },
  };
  if (!isHtml) {
    return (
      <Box key="text" sx={[baseSx, { whiteSpace: 'pre-wrap' }, ...(Array.isArray(sx) ? sx : [sx])]} data-testid="rich-text">
        {text}
      </Box>
    );
  }
  return <Box key="html" ref={ref} sx={[baseSx, ...(Array.isArray(sx) ? sx : [sx])]} data-testid="rich-text" />;
}
