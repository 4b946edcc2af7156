/**
 * Strings of the reference lists' screens (docs/product/administration.md#currencies): the mail
 * preview beside a notification rule's form and amounts converted into the user's currency.
 */
export const referenceListsEn = {
  mailPreview: 'Mail preview',
  mailPreviewHint: 'What this rule sends, filled in with {{doc}}.',
  mailPreviewSample: 'sample values (no document of this type yet)',
  mailPreviewSubject: 'Subject',
  mailPreviewEmpty: 'Enter a title to see the mail.',
  mailPreviewError: 'The preview could not be made.',
  converted: '≈ {{amount}} in {{currency}}',
};
