/**
 * The last resort: an element no renderer accepts shows the spec's message instead of JSON Forms'
 * generic one (docs/product/forms-and-lists.md#messages 'Renderer for {type} could not be found!').
 */
import { rankWith, type JsonSchema, type UISchemaElement } from '@jsonforms/core';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { FormRendererEntry } from '../../renderer-entry.ts';

function MissingRenderer({ uischema, schema }: { uischema: UISchemaElement & { scope?: string }; schema?: JsonSchema }) {
  const { t } = useTranslation();
  const type = uischema.type === 'Control' ? String(schema?.type ?? uischema.scope ?? 'Control') : uischema.type;
  return (
    <Alert severity="warning" data-testid="missing-renderer">
      {t('forms.missingRenderer', { type })}
    </Alert>
  );
}

// Rank 0: chosen only when every other tester declined (JSON Forms skips ranks of -1).
export const entry: FormRendererEntry = { tester: rankWith(0, () => true), renderer: MissingRenderer };
