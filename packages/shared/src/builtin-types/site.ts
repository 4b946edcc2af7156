import type { DocumentSchema } from '../schema/document-schema.ts';
import { referenceType } from './reference-data.ts';

export const siteType: DocumentSchema = referenceType({
  type: 'site',
  label: 'Site',
  plural: 'Sites',
  idMask: 'SITE-{seq:4}',
  description: 'Sites (locations, plants, offices), each in one region.',
  parent: { field: 'region_id', label: 'Region', docType: 'region' },
});
