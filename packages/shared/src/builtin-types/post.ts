/**
 * Post (docs/product/documents-and-schemas.md#posts): a news item with an HTML body and tags. Everyone reads posts; only
 * administrators create (and edit) them. Tag suggestions come from `GET /api/tags`.
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';
import {
  bool,
  column,
  control,
  createdColumn,
  dateTime,
  filterProperties,
  idColumn,
  row,
  summaryColumn,
  text,
  vertical,
} from './common.ts';
import { postI18n } from './post.i18n.ts';

const properties: Record<string, JsonSchema> = {
  summary: text('Title', { minLength: 1, maxLength: 200 }),
  descrip: text('Content', { minLength: 1, contentMediaType: 'text/html' }),
  tags: { type: 'array', title: 'Tags', uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 50 } },
  publish_date: dateTime('Publish date'),
  pinned: bool('Pinned'),
};

export const postType: DocumentSchema = {
  version: 3,
  type: 'post',
  idMask: 'POST-{seq:4}',
  description: 'News and posts shown to everyone in the organisation.',
  category: 'General',
  hasEvents: true,
  hasWorkflow: false,
  descripIsHtml: true,
  requiredRolesForCreate: ['administrator'],
  requiredRolesForEdit: ['administrator'],
  indexed: ['tags', 'publish_date', 'pinned'],
  i18n: { locales: ['fr', 'es'], data: postI18n },
  form: {
    title: 'Post',
    summaryProperties: ['summary'],
    descripProperties: ['descrip'],
    dateField: 'publish_date',
    schema: {
      type: 'object',
      properties,
      required: ['summary', 'descrip'],
      errorMessage: { required: { summary: 'Please enter a title', descrip: 'Please enter the content of the post' } },
    },
    defaults: { publish_date: 'date-time' },
    uiSchema: vertical(
      control('summary'),
      control('descrip', { options: { html: true } }),
      control('tags', { options: { tags: true, count: 30 } }),
      row('publish_date', 'pinned'),
    ),
  },
  filter: {
    schema: { type: 'object', properties: filterProperties(properties, ['tags', 'publish_date', 'pinned']) },
  },
  view: {
    title: 'News and Posts',
    modes: ['card', 'table'],
    defaultOrder: 'publish_date desc',
    table: {
      schema: [
        idColumn,
        summaryColumn,
        column('tags', 'Tags'),
        column('publish_date', 'Published', { type: 'timestamp', sort: true }),
        column('pinned', 'Pinned', { type: 'boolean' }),
        createdColumn,
      ],
    },
  },
  export: {
    schema: [
      column('display_id', 'ID'),
      column('summary', 'Title'),
      column('tags', 'Tags'),
      column('publish_date', 'Published', { type: 'timestamp' }),
      column('created_by', 'Author'),
    ],
  },
};
