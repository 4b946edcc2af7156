/**
 * Export (docs/product/forms-and-lists.md#export): choose a format, then a progress bar while the server builds
 * the file (`GET {list}/export?format=xls|xlsx` with the list's filter and order: the
 * spreadsheet-compatible HTML .xls of all pages up to 5,000 rows, or a real .xlsx), then the
 * download. Types without an export definition say so and offer nothing.
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describeError } from '../api/describe-error.ts';
import { downloadFile, saveBlob, type DownloadProgress } from '../api/download.ts';
import type { QueryValue } from '../api/client.ts';

export type ExportFormat = 'xls' | 'xlsx';
/** table: all pages up to 5,000 rows; formatted: the current page, 8 columns a row (docs/product/forms-and-lists.md#export). */
export type ExportLayout = 'table' | 'formatted';

interface ExportDialogProps {
  isOpen: boolean;
  title: string;
  hasExport: boolean;
  path: string;
  query: Record<string, QueryValue>;
  /** The page on screen, which a formatted export is limited to. */
  page: { start: number; count: number };
  onClose: () => void;
  onDone: (message: string) => void;
}

export function exportFileName(title: string, format: ExportFormat, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return `${title.replace(/[\\/:*?"<>|]+/g, '_')}_${day}.${format}`;
}

export function ExportDialog({ isOpen, title, hasExport, path, query, page, onClose, onDone }: ExportDialogProps) {
  const { t, i18n } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>('xls');
  const [layout, setLayout] = useState<ExportLayout>('table');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState('');
  const abort = useRef<AbortController | null>(null);
  const isRunning = progress !== null;

  const run = async () => {
    setError('');
    setProgress({ loaded: 0, total: null });
    abort.current = new AbortController();
    try {
      const scope = layout === 'formatted' ? { layout, start: page.start, count: page.count } : { layout };
      // The server writes the title and column headers in the screen's language (docs/product/administration.md#localisation).
      const lang = i18n.resolvedLanguage ?? 'en';
      const file = await downloadFile(path, { ...query, format, lang, ...scope }, setProgress, abort.current.signal);
      saveBlob(file.blob, file.fileName ?? exportFileName(title, format));
      setProgress(null);
      onDone(t('lists.exportDone'));
      onClose();
    } catch (failure) {
      setProgress(null);
      if (!abort.current.signal.aborted) setError(describeError(failure, t, t('lists.exportError')));
    }
  };
  const close = () => {
    abort.current?.abort();
    setProgress(null);
    setError('');
    onClose();
  };
  const percent = progress?.total ? Math.round((progress.loaded / progress.total) * 100) : undefined;
  return (
    <Dialog open={isOpen} onClose={close} fullWidth maxWidth="xs" aria-labelledby="export-dialog-title">
      <DialogTitle id="export-dialog-title">{t('lists.exportTitle', { title })}</DialogTitle>
      <DialogContent>
        {!hasExport ? (
          <Alert severity="info">{t('lists.noExportSchema', { title })}</Alert>
        ) : (
          <>
            <RadioGroup
              value={format}
              onChange={(event) => setFormat(event.target.value as ExportFormat)}
              aria-label={t('lists.exportFormat')}
            >
              <FormControlLabel value="xls" control={<Radio />} label={t('lists.exportXls')} disabled={isRunning} />
              <FormControlLabel value="xlsx" control={<Radio />} label={t('lists.exportXlsx')} disabled={isRunning} />
            </RadioGroup>
            <RadioGroup
              value={layout}
              onChange={(event) => setLayout(event.target.value as ExportLayout)}
              aria-label={t('lists.exportLayout')}
              sx={{ mt: 1 }}
            >
              <FormControlLabel value="table" control={<Radio />} label={t('lists.exportTable')} disabled={isRunning} />
              <FormControlLabel value="formatted" control={<Radio />} label={t('lists.exportFormatted')} disabled={isRunning} />
            </RadioGroup>
            {isRunning && (
              <>
                <Typography variant="body2" sx={{ mt: 2, mb: 1 }}>
                  {t('lists.exportRunning')}
                </Typography>
                <LinearProgress
                  variant={percent === undefined ? 'indeterminate' : 'determinate'}
                  value={percent}
                  aria-label={t('lists.exportRunning')}
                  data-testid="export-progress"
                />
              </>
            )}
            {error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        {hasExport && (
          <Button variant="contained" onClick={() => void run()} disabled={isRunning}>
            {t('lists.download')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
