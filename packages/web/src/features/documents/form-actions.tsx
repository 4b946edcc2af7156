/**
 * The form header's action slot (docs/product/forms-and-lists.md#form-screen): Save while the form has no problems, else the
 * red 'N Error(s)' button that opens the 'Error(s)' dialog.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslation } from 'react-i18next';
import { ErrorsDialog } from '../../components/errors-dialog.tsx';
import type { FormProblem } from '../../forms/use-form-problems.ts';

interface FormActionsProps {
  problems: readonly FormProblem[];
  canSave: boolean;
  isSaving: boolean;
  onSave: () => void;
}

export function FormActions({ problems, canSave, isSaving, onSave }: FormActionsProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  if (problems.length > 0) {
    return (
      <>
        <Button variant="contained" color="error" startIcon={<ErrorIcon />} onClick={() => setIsOpen(true)}>
          {t('form.errorsButton', { count: problems.length })}
        </Button>
        <ErrorsDialog
          errors={problems.map((p, i) => ({ field: `${p.path}#${i}`, label: p.label, message: p.message }))}
          isOpen={isOpen}
          onClose={() => setIsOpen(false)}
        />
      </>
    );
  }
  return (
    <Button variant="contained" startIcon={<SaveIcon />} onClick={onSave} disabled={!canSave || isSaving}>
      {isSaving ? t('form.saving') : t('common.save')}
    </Button>
  );
}
