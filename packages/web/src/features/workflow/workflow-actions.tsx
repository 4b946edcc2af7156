/**
 * The actions the server offers now (docs/product/workflow-and-timeline.md#actions): Submit / Complete / Resubmit, Approve, Reject,
 * Reopen, Force Close. A button flagged commentRequired — or any action taken on behalf of someone
 * else — stays disabled until there is a comment; refusals (403 with the reason) go to the message bar.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ActionLabel, ActionOffer, PersonRef, WorkflowView } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { useWorkflowAction } from './workflow-api.ts';
import { useStatusText } from './workflow-status-chip.tsx';

const actionKeys = {
  Submit: 'workflow.action_Submit',
  Complete: 'workflow.action_Complete',
  Resubmit: 'workflow.action_Resubmit',
  Approve: 'workflow.action_Approve',
  Reject: 'workflow.action_Reject',
  Reopen: 'workflow.action_Reopen',
  'Force Close': 'workflow.action_Force Close',
} as const satisfies Record<ActionLabel, string>;

function colourOf(offer: ActionOffer): 'primary' | 'success' | 'error' | 'warning' {
  if (offer.type === 'approve') return 'success';
  if (offer.type === 'reject' || offer.type === 'close') return 'error';
  if (offer.type === 'reopen') return 'warning';
  return 'primary';
}

/** Everyone the caller may act for, named from the steps' users. */
function behalfOptions(view: WorkflowView): PersonRef[] {
  const uuids = new Set(view.actions.flatMap((offer) => offer.onBehalfOf));
  const people = view.steps.flatMap((step) => step.users);
  return [...uuids].map((uuid) => people.find((person) => person.uuid === uuid) ?? { uuid, display_name: uuid });
}

export function WorkflowActions({ appId, view }: { appId: string; view: WorkflowView }) {
  const { t } = useTranslation();
  const showMessage = useMessageBar();
  const statusText = useStatusText();
  const [comment, setComment] = useState('');
  const [behalf, setBehalf] = useState('');
  const action = useWorkflowAction(appId, view.doc_id);
  const options = behalfOptions(view);
  const hasComment = comment.trim() !== '';

  const perform = (offer: ActionOffer) =>
    action.mutate(
      { type: offer.type, descrip: comment.trim(), onBehalfOf: behalf && offer.onBehalfOf.includes(behalf) ? behalf : undefined },
      {
        onSuccess: (answer) => {
          setComment('');
          setBehalf('');
          showMessage(t('workflow.done', { status: statusText(answer.meta.workflow?.status ?? '') }), 'success');
          for (const warning of answer.warnings) showMessage(warning, 'warning');
        },
        onError: (error) => showMessage(describeError(error, t, t('workflow.actionError')), 'error'),
      },
    );

  if (view.actions.length === 0) return null;
  const needsCommentFor = (offer: (typeof view.actions)[number]) =>
    offer.commentRequired || (behalf !== '' && offer.onBehalfOf.includes(behalf));
  const labelsOf = (offers: typeof view.actions) => offers.map((offer) => t(actionKeys[offer.label])).join(', ');
  // A disabled button cannot show a tooltip: why it waits is written under the buttons.
  const waitingForComment = hasComment ? [] : view.actions.filter((offer) => !offer.invalid && needsCommentFor(offer));
  const blocked = view.actions.filter((offer) => offer.invalid);
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          label={t('workflow.comment')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          size="small"
          multiline
          fullWidth
          disabled={action.isPending}
        />
        {options.length > 0 && (
          <TextField
            select
            label={t('workflow.onBehalfOf')}
            value={behalf}
            onChange={(event) => setBehalf(event.target.value)}
            size="small"
            sx={{ minWidth: 200 }}
            disabled={action.isPending}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('workflow.myself')}</MenuItem>
            {options.map((person) => (
              <MenuItem key={person.uuid} value={person.uuid}>
                {person.display_name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="workflow-actions">
        {view.actions.map((offer) => {
          const needsComment = needsCommentFor(offer);
          const isDisabled = action.isPending || offer.invalid || (needsComment && !hasComment);
          return (
            <Button
              key={offer.label}
              variant="contained"
              color={colourOf(offer)}
              disabled={isDisabled}
              onClick={() => perform(offer)}
              aria-describedby={isDisabled && !action.isPending ? 'workflow-actions-why' : undefined}
            >
              {t(actionKeys[offer.label])}
            </Button>
          );
        })}
      </Stack>
      {(waitingForComment.length > 0 || blocked.length > 0) && (
        <Typography id="workflow-actions-why" variant="body2" color="text.secondary" data-testid="workflow-actions-why">
          {[
            waitingForComment.length > 0 ? t('workflow.commentNeededFor', { actions: labelsOf(waitingForComment) }) : '',
            blocked.length > 0 ? t('workflow.invalidFor', { actions: labelsOf(blocked) }) : '',
          ]
            .filter(Boolean)
            .join(' ')}
        </Typography>
      )}
    </Stack>
  );
}
