/**
 * An action's Parent document (`parent_id`, read-only; docs/product/workflow-and-timeline.md#tracked-actions):
 * named by the parent's display id and title, as the server describes it on the saved document
 * (`meta.parent`) or as Add child / Add Action read it for a new one, not by its bare database id.
 * On the document page it links to the parent. Without a description (a parent the user may not
 * read) the id is shown as before.
 */
import { and, isIntegerControl, rankWith, scopeEndsWith, type ControlProps } from '@jsonforms/core';
import { useJsonForms, withJsonFormsControlProps } from '@jsonforms/react';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import type { DocumentAnswer } from '@docket/shared';
import { ReadField } from '../../support/read-field.tsx';
import { domId, modeOf } from '../../support/control-props.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

type ParentMeta = NonNullable<DocumentAnswer['meta']['parent']>;

function parentOf(rootData: unknown, id: unknown): ParentMeta | null {
  const parent = (rootData as { meta?: { parent?: ParentMeta | null } } | undefined)?.meta?.parent;
  return parent && parent.doc_id === id && parent.display_id ? parent : null;
}

function ParentDocumentControl({ data, path, label, visible, id, description, config }: ControlProps) {
  const rootData = useJsonForms().core?.data;
  if (!visible) return null;
  const parent = parentOf(rootData, data);
  const text = parent
    ? [parent.display_id, parent.summary].filter(Boolean).join(' · ')
    : data === undefined || data === null
      ? ''
      : String(data);
  if (modeOf(config) === 'read')
    return (
      <ReadField label={label} testId="parent-document">
        {parent?.doc_type ? (
          <Link href={`#/docs/${encodeURIComponent(parent.doc_type)}/${parent.doc_id}`} sx={{ fontWeight: 600 }}>
            {text}
          </Link>
        ) : (
          text
        )}
      </ReadField>
    );
  return (
    <TextField
      id={domId(id, path)}
      label={label}
      fullWidth
      disabled
      value={text}
      helperText={description}
      data-testid="parent-document"
      slotProps={{ htmlInput: { readOnly: true, title: text } }}
    />
  );
}

export const entry: FormRendererEntry = {
  // Only the top-level parent link (an action's); ranked above the number renderer.
  tester: rankWith(RANK.named, and(isIntegerControl, scopeEndsWith('#/properties/parent_id'))),
  renderer: withJsonFormsControlProps(ParentDocumentControl),
};
