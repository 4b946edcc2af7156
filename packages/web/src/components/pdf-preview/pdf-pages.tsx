/**
 * The pages of a PDF drawn by pdf.js (docs/product/security.md#pdf-preview), loaded only when a
 * preview opens. The file's bytes are parsed in pdf.js's worker (a module bundled with the app and
 * served from our origin) and each page is painted onto a canvas, with its text laid over it as
 * plain text runs so it can be selected, searched and read by a screen reader. Nothing in the file
 * runs: pdf.js has no scripting here, annotations and form fields are not drawn as HTML, and the
 * file is never handed to the browser's own viewer or put in a frame.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AnnotationMode, GlobalWorkerOptions, TextLayer, getDocument } from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useTranslation } from 'react-i18next';
import { fitScale, pagesShown } from './pdf-layout.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfPagesProps {
  /** The file's bytes (fetched by the dialog through the API session). */
  data: Uint8Array;
  /** 1 fits the width; the dialog's zoom buttons step it (pdf-layout.ts). */
  zoom: number;
}

/** The text layer of pdf.js (its own viewer's rules, kept to what a read-only page needs). */
const textLayerStyles = {
  '& .textLayer': {
    position: 'absolute',
    inset: 0,
    overflow: 'clip',
    lineHeight: 1,
    textAlign: 'initial',
    transformOrigin: '0 0',
    forcedColorAdjust: 'none',
    '--min-font-size': 1,
    '--text-scale-factor': 'calc(var(--total-scale-factor) * var(--min-font-size))',
    '--min-font-size-inv': 'calc(1 / var(--min-font-size))',
  },
  '& .textLayer :is(span, br)': {
    color: 'transparent',
    position: 'absolute',
    whiteSpace: 'pre',
    cursor: 'text',
    transformOrigin: '0% 0%',
    userSelect: 'text',
  },
  '& .textLayer > :not(.markedContent), & .textLayer .markedContent span:not(.markedContent)': {
    zIndex: 1,
    '--font-height': 0,
    fontSize: 'calc(var(--text-scale-factor) * var(--font-height))',
    '--scale-x': 1,
    '--rotate': '0deg',
    transform: 'rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv))',
  },
  '& .textLayer .markedContent': { display: 'contents' },
  '& .textLayer ::selection': { background: 'rgba(0, 0, 255, 0.25)' },
} as const;

async function drawPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  holder: HTMLElement,
  availableWidth: number,
  zoom: number,
): Promise<void> {
  const page = await pdf.getPage(pageNumber);
  const scale = fitScale(page.getViewport({ scale: 1 }).width, availableWidth, zoom);
  const viewport = page.getViewport({ scale });
  const pixelRatio = window.devicePixelRatio || 1;

  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width * pixelRatio);
  canvas.height = Math.floor(viewport.height * pixelRatio);
  canvas.style.width = `${Math.floor(viewport.width)}px`;
  canvas.style.height = `${Math.floor(viewport.height)}px`;
  canvas.style.display = 'block';
  canvas.setAttribute('aria-hidden', 'true');

  const textLayer = document.createElement('div');
  textLayer.className = 'textLayer';
  holder.style.setProperty('--total-scale-factor', String(scale));
  holder.style.setProperty('--scale-round-x', '1px');
  holder.style.setProperty('--scale-round-y', '1px');
  holder.replaceChildren(canvas, textLayer);

  await page.render({
    canvas,
    viewport,
    transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0],
    // Only the appearance annotations carry is painted; no form field or link becomes markup.
    annotationMode: AnnotationMode.ENABLE,
  }).promise;
  await new TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport }).render();
  page.cleanup();
}

export default function PdfPages({ data, zoom }: PdfPagesProps) {
  const { t } = useTranslation();
  const pagesRef = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    let isCancelled = false;
    // pdf.js takes ownership of the buffer it is given: hand it a copy so a re-render can reuse `data`.
    const task = getDocument({ data: data.slice(), useWasm: false, enableXfa: false });
    task.promise
      .then((loaded) => {
        if (!isCancelled) setPdf(loaded);
      })
      .catch(() => {
        // Not a PDF pdf.js can read: say so; Download stays offered beside it.
        if (!isCancelled) setHasFailed(true);
      });
    return () => {
      isCancelled = true;
      setPdf(null);
      void task.destroy();
    };
  }, [data]);

  // Pages are drawn one after another once their holders are on screen, at the width they have.
  useEffect(() => {
    const container = pagesRef.current;
    if (!pdf || !container) return;
    let isCancelled = false;
    const width = container.clientWidth;
    void (async () => {
      for (let index = 0; index < pagesShown(pdf.numPages); index++) {
        const holder = container.children[index] as HTMLElement | undefined;
        if (isCancelled || !holder) return;
        holder.dataset.state = 'drawing';
        await drawPage(pdf, index + 1, holder, width, zoom);
        if (!isCancelled) holder.dataset.state = 'drawn';
      }
    })().catch(() => {
      if (!isCancelled) setHasFailed(true);
    });
    return () => {
      isCancelled = true;
    };
  }, [pdf, zoom]);

  if (hasFailed) return <Alert severity="error">{t('pdfPreview.unreadable')}</Alert>;
  const pageCount = pdf?.numPages ?? 0;
  const shown = pagesShown(pageCount);
  return (
    <Stack spacing={2} alignItems="center" sx={{ width: '100%' }}>
      {/* 'safe center': a page zoomed wider than the dialog scrolls from its left edge. */}
      <Stack ref={pagesRef} spacing={2} alignItems="safe center" sx={{ width: '100%', ...textLayerStyles }}>
        {Array.from({ length: shown }, (_, index) => (
          <Box
            key={index}
            role="region"
            aria-label={t('pdfPreview.page', { number: String(index + 1), total: String(pageCount) })}
            data-testid="pdf-page"
            sx={{ position: 'relative', bgcolor: '#fff', boxShadow: 2, minHeight: 120 }}
          />
        ))}
      </Stack>
      {pageCount > shown && (
        <Typography variant="body2" color="text.secondary">
          {t('pdfPreview.morePages', { shown: String(shown), total: String(pageCount) })}
        </Typography>
      )}
    </Stack>
  );
}
