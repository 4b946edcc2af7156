import type { DocumentSchema } from '../schema/document-schema.ts';
import { referenceType } from './reference-data.ts';

export const regionType: DocumentSchema = referenceType({
  type: 'region',
  label: 'Region',
  plural: 'Regions',
  idMask: 'REG-{seq:3}',
  description: 'Regions group sites; region-scoped roles and reports use them.',
});
