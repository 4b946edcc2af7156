/**
 * Status with its workflow: the status, and the due date or 'Overdue' when the workflow is open
 * and past due (docs/product/workflow-and-timeline.md#statuses). 260 px wide when the type has a workflow (docs/product/forms-and-lists.md#columns).
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WorkflowMeta } from '@docket/shared';
import { formatDate } from '../../components/format-date.ts';
import { cellValue } from '../support/cell-value.ts';
import { statusLabel } from '../support/status-label.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';
import { ToneChip, type ChipTone } from '../../components/status-chip.tsx';

export const STATUS_COLUMN_WIDTH_PX = 260;

export function statusColor(status: string): ChipTone {
  const lower = status.toLowerCase();
  if (lower === 'closed' || lower === 'approved') return 'success';
  if (lower === 'rejected' || lower === 'overdue') return 'error';
  if (lower.startsWith('pending')) return 'warning';
  return 'default';
}

function StatusCell({ row, column, ctx }: CellProps) {
  const { t } = ctx;
  const status = String(cellValue(row, column) ?? '');
  const workflow = (row.meta as { workflow?: WorkflowMeta | null } | undefined)?.workflow;
  const isOverdue = !!workflow && !workflow.closed && !!workflow.due_date && new Date(workflow.due_date).getTime() < Date.now();
  if (!status && !workflow) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <ToneChip
        size="small"
        label={status ? statusLabel(status, t, ctx.translate) : t('columns.unknownStatus')}
        tone={statusColor(isOverdue ? 'overdue' : status)}
      />
      {workflow?.due_date && !workflow.closed && (
        <Typography variant="caption" color={isOverdue ? 'error' : 'text.secondary'} sx={{ whiteSpace: 'nowrap' }}>
          {isOverdue ? t('columns.overdue') : t('columns.due', { date: formatDate(workflow.due_date, ctx.lang) })}
        </Typography>
      )}
    </Stack>
  );
}

export const entry: ColumnTypeEntry = {
  type: 'status',
  width: (_column, type) => (type?.hasWorkflow ? STATUS_COLUMN_WIDTH_PX : undefined),
  Cell: StatusCell,
};
