import type { DocumentSchema } from '../schema/document-schema.ts';
import { referenceType } from './reference-data.ts';

export const moduleType: DocumentSchema = referenceType({
  type: 'module',
  label: 'Module',
  plural: 'Modules',
  idMask: 'MOD-{seq:3}',
  description: 'Business modules (functions) documents and report scopes belong to; module 1 is the default.',
});
