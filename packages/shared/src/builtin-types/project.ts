import type { DocumentSchema } from '../schema/document-schema.ts';
import { referenceType } from './reference-data.ts';

export const projectType: DocumentSchema = referenceType({
  type: 'project',
  label: 'Project',
  plural: 'Projects',
  idMask: 'PRJ-{seq:4}',
  description: 'Projects, each for one client.',
  parent: { field: 'client_id', label: 'Client', docType: 'client' },
});
