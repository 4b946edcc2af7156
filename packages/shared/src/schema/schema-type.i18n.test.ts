/**
 * The Document Schemas list and the schema editor's common properties read the schema type's own
 * texts (docs/product/administration.md#localisation): each has its French and Spanish, so a new
 * label left in English fails here.
 */
import { describe, expect, it } from 'vitest';
import { visibleStringsOf } from '../builtin-types/visible-strings.ts';
import { schemaDocumentType } from './schema-type.ts';
import { WORKFLOW_BLOCK_TYPES } from './workflow-definition-schema.ts';

// The workflow's block types are keywords an administrator types in the JSON, not words anyone reads.
const KEYWORDS = new Set(WORKFLOW_BLOCK_TYPES);

describe('the Document Schemas type in French and Spanish', () => {
  const shown = [...visibleStringsOf(schemaDocumentType)].filter((text) => !KEYWORDS.has(text));

  it.each(['fr', 'es'])('translates every label, column and title in %s', (locale) => {
    const dictionary = schemaDocumentType.i18n?.data?.[locale] ?? {};
    expect(shown.filter((text) => !dictionary[text]?.trim())).toEqual([]);
    expect(Object.keys(dictionary).filter((text) => !shown.includes(text))).toEqual([]);
  });

  it('names the list and its columns in French', () => {
    const fr = schemaDocumentType.i18n?.data?.['fr'];
    expect(fr?.['Document Schemas']).toBe('Schémas de documents');
    expect(fr?.['Child types']).toBe('Types enfants');
    expect(fr?.['Updated']).toBe('Modifié le');
  });
});
