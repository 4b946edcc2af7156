/**
 * The workflow status (docs/product/workflow-and-timeline.md#statuses): the known statuses translated, 'Unknown' otherwise, and
 * Overdue beside it when the workflow is open and its due date has passed.
 */
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ToneChip } from '../../components/status-chip.tsx';
import type { ChipTone } from '../../components/status-chip.tsx';

const statusKeys = {
  'Pending Completion': 'workflow.status_Pending Completion',
  'Pending Approval': 'workflow.status_Pending Approval',
  Rejected: 'workflow.status_Rejected',
  Closed: 'workflow.status_Closed',
  Approved: 'workflow.status_Approved',
  'Pending Review': 'workflow.status_Pending Review',
  'Pending Actions': 'workflow.status_Pending Actions',
} as const;

type KnownStatus = keyof typeof statusKeys;

function isKnownStatus(status: string): status is KnownStatus {
  return Object.hasOwn(statusKeys, status);
}

/** The same tones as the lists' status column: closed green, rejected red, pending orange. */
function toneOf(status: string): ChipTone {
  if (status === 'Closed' || status === 'Approved') return 'success';
  if (status === 'Rejected') return 'error';
  if (status.startsWith('Pending')) return 'warning';
  return 'default';
}

export function useStatusText(): (status: string) => string {
  const { t } = useTranslation();
  return (status) => (isKnownStatus(status) ? t(statusKeys[status]) : t('workflow.unknown'));
}

export function WorkflowStatusChip({
  status,
  isOverdue,
  size = 'medium',
}: {
  status: string;
  isOverdue: boolean;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const statusText = useStatusText();
  return (
    <Stack direction="row" spacing={1} data-testid="workflow-status" data-status={isKnownStatus(status) ? status : 'Unknown'}>
      <ToneChip tone={toneOf(status)} size={size} label={statusText(status)} />
      {isOverdue && <ToneChip tone="error" variant="filled" size={size} label={t('workflow.overdue')} />}
    </Stack>
  );
}
