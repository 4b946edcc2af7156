import type { referenceListsEn } from './reference-lists-ui.en.ts';

export const referenceListsEs: typeof referenceListsEn = {
  mailPreview: 'Vista previa del correo',
  mailPreviewHint: 'Lo que envía esta regla, completado con {{doc}}.',
  mailPreviewSample: 'valores de ejemplo (aún no hay documentos de este tipo)',
  mailPreviewSubject: 'Asunto',
  mailPreviewEmpty: 'Escriba un título para ver el correo.',
  mailPreviewError: 'No se pudo crear la vista previa.',
  converted: '≈ {{amount}} en {{currency}}',
};
