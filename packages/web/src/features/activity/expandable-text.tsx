/** Event text with the More/Less expander (docs/product/workflow-and-timeline.md#events) past the summary length (200, docs/product/forms-and-lists.md#limits). */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const SUMMARY_LENGTH = 200;

export function ExpandableText({ text }: { text: string }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  if (!text) return null;
  const isLong = text.length > SUMMARY_LENGTH;
  return (
    <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }} data-testid="event-text">
      {isLong && !isOpen ? `${text.slice(0, SUMMARY_LENGTH)}…` : text}
      {isLong && (
        <Button size="small" onClick={() => setIsOpen(!isOpen)} sx={{ ml: 1, minWidth: 0, p: 0, verticalAlign: 'baseline' }}>
          {isOpen ? t('activity.less') : t('activity.more')}
        </Button>
      )}
    </Typography>
  );
}
