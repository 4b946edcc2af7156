/**
 * A PDF preview (docs/product/workflow-and-timeline.md#pdf-preview): an attachment or a document's
 * own PDF, fetched through the API session and drawn by pdf.js in the app itself — never in a
 * frame or the browser's viewer, so the file stays served as an attachment
 * (docs/product/security.md#pdf-preview). Download stays one click away; Escape closes; on a phone
 * the preview takes the whole screen.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useTranslation } from 'react-i18next';
import { downloadFile, saveBlob } from '../../api/download.ts';
import { nextZoom } from './pdf-layout.ts';
import type { DownloadProgress } from '../../api/download.ts';
import type { QueryValue } from '../../api/client.ts';

const PdfPages = lazy(() => import('./pdf-pages.tsx'));

export interface PdfSource {
  /** A same-origin path: `/file/doc/{id}/{name}` or `/v3/{app}/{type}/{id}/pdf`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Shown as the title, and the name Download saves under when the server names none. */
  fileName: string;
}

type Loaded =
  | { state: 'loading'; progress: DownloadProgress | null }
  | { state: 'ready'; blob: Blob; data: Uint8Array }
  | { state: 'failed'; message: string };

function useFileBytes(source: PdfSource | null, errorText: string): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading', progress: null });
  useEffect(() => {
    // Closed: let go of the file's bytes (up to the upload limit) and pdf.js's worker.
    if (!source) {
      setLoaded({ state: 'loading', progress: null });
      return;
    }
    const abort = new AbortController();
    setLoaded({ state: 'loading', progress: null });
    downloadFile(source.path, source.query ?? {}, (progress) => setLoaded({ state: 'loading', progress }), abort.signal)
      .then(async (file) => setLoaded({ state: 'ready', blob: file.blob, data: new Uint8Array(await file.blob.arrayBuffer()) }))
      .catch(() => {
        // The server's description is in English; the reader gets the message in their language.
        if (!abort.signal.aborted) setLoaded({ state: 'failed', message: errorText });
      });
    return () => abort.abort();
  }, [source, errorText]);
  return loaded;
}

function percentOf(progress: DownloadProgress | null): number | undefined {
  return progress?.total ? Math.round((progress.loaded / progress.total) * 100) : undefined;
}

export function PdfPreviewDialog({ source, onClose }: { source: PdfSource | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const loaded = useFileBytes(source, t('pdfPreview.loadError'));
  const [isDownloading, setIsDownloading] = useState(false);
  const [zoom, setZoom] = useState(1);
  useEffect(() => setZoom(1), [source]);
  const zoomTo = (direction: 'in' | 'out') => {
    const next = nextZoom(zoom, direction);
    if (next !== null) setZoom(next);
  };

  const download = () => {
    if (!source) return;
    if (loaded.state === 'ready') {
      saveBlob(loaded.blob, source.fileName);
      return;
    }
    setIsDownloading(true);
    downloadFile(source.path, source.query ?? {}, () => undefined)
      .then((file) => saveBlob(file.blob, file.fileName ?? source.fileName))
      .catch(() => undefined)
      .finally(() => setIsDownloading(false));
  };

  const percent = loaded.state === 'loading' ? percentOf(loaded.progress) : undefined;
  return (
    <Dialog
      open={source !== null}
      onClose={onClose}
      fullScreen={isPhone}
      fullWidth
      maxWidth="md"
      aria-labelledby="pdf-preview-title"
      data-testid="pdf-preview"
    >
      <DialogTitle id="pdf-preview-title" sx={{ overflowWrap: 'anywhere' }}>
        {source?.fileName}
      </DialogTitle>
      {/* Focusable so that the pages scroll with the arrow and page keys. */}
      <DialogContent
        dividers
        tabIndex={0}
        aria-label={t('pdfPreview.pages')}
        sx={{ bgcolor: 'action.hover', px: { xs: 1, sm: 3 }, overflow: 'auto' }}
      >
        {loaded.state === 'loading' && (
          <LinearProgress
            variant={percent === undefined ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label={t('pdfPreview.loading')}
          />
        )}
        {loaded.state === 'failed' && <Alert severity="error">{loaded.message}</Alert>}
        {loaded.state === 'ready' && (
          <Suspense fallback={<LinearProgress aria-label={t('pdfPreview.loading')} />}>
            <PdfPages data={loaded.data} zoom={zoom} />
          </Suspense>
        )}
      </DialogContent>
      <DialogActions>
        <IconButton onClick={() => zoomTo('out')} disabled={nextZoom(zoom, 'out') === null} aria-label={t('pdfPreview.zoomOut')}>
          <ZoomOutIcon />
        </IconButton>
        <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'center' }} data-testid="pdf-zoom" aria-live="polite">
          {new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(zoom)}
        </Typography>
        <IconButton onClick={() => zoomTo('in')} disabled={nextZoom(zoom, 'in') === null} aria-label={t('pdfPreview.zoomIn')}>
          <ZoomInIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={download} disabled={!source || isDownloading} startIcon={<DownloadIcon />}>
          {t('pdfPreview.download')}
        </Button>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('pdfPreview.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
