import type { DocumentSchema } from '../schema/document-schema.ts';
import { referenceType } from './reference-data.ts';

export const clientType: DocumentSchema = referenceType({
  type: 'client',
  label: 'Client',
  plural: 'Clients',
  idMask: 'CLI-{seq:4}',
  description: 'Clients (customers) that projects and report scopes refer to.',
});
