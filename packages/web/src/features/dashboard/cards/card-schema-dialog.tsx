/**
 * The card schema editor (docs/product/reporting.md#cards): the card as JSON with Update (apply
 * to the page shown), Save (store in the report) and Cancel. Text that does not parse alerts
 * 'Invalid Schema! {error}' and never reaches the server.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { JsonCodeEditor } from '../../../components/json-code-editor.tsx';
import { parseCardSchema } from './card-schema-text.ts';
import type { CardSchema } from '../../reporting-api/index.ts';

interface Props {
  card: CardSchema;
  onApply: (card: CardSchema, save: boolean) => Promise<void>;
  onClose: () => void;
}

export function CardSchemaDialog({ card, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => JSON.stringify(card, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const apply = async (save: boolean) => {
    const parsed = parseCardSchema(text);
    if (parsed.error !== undefined) {
      setProblem(t('cards.invalidSchema', { error: parsed.error }));
      return;
    }
    setIsBusy(true);
    try {
      await onApply(parsed.card, save);
      onClose();
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : t('cards.saveSchemaError'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('cards.editSchema')}</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="card-schema-problem">
            {problem}
          </Alert>
        )}
        <JsonCodeEditor value={text} onChange={setText} height="360px" label={t('cards.schemaLabel')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cards.cancel')}</Button>
        <Button onClick={() => void apply(false)} disabled={isBusy}>
          {t('cards.update')}
        </Button>
        <Button variant="contained" onClick={() => void apply(true)} disabled={isBusy}>
          {t('cards.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
