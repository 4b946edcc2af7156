import type { referenceListsEn } from './reference-lists-ui.en.ts';

export const referenceListsFr: typeof referenceListsEn = {
  mailPreview: 'Aperçu du courriel',
  mailPreviewHint: 'Ce que cette règle envoie, rempli avec {{doc}}.',
  mailPreviewSample: "des valeurs d'exemple (aucun document de ce type pour l'instant)",
  mailPreviewSubject: 'Objet',
  mailPreviewEmpty: 'Saisissez un titre pour voir le courriel.',
  mailPreviewError: "L'aperçu n'a pas pu être créé.",
  converted: '≈ {{amount}} en {{currency}}',
};
