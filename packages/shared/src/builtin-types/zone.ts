import type { DocumentSchema } from '../schema/document-schema.ts';
import { referenceType } from './reference-data.ts';

export const zoneType: DocumentSchema = referenceType({
  type: 'zone',
  label: 'Zone',
  plural: 'Zones',
  idMask: 'ZONE-{seq:4}',
  description: 'Zones (areas) within a site.',
  parent: { field: 'site_id', label: 'Site', docType: 'site' },
});
