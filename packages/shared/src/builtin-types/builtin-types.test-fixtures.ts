/** Helpers of the built-in types' tests (builtin-types.test.ts, builtin-types-rules.test.ts). */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { DocumentSchema } from '../schema/document-schema.ts';
import { builtinTypeByName } from './index.ts';

export function newAjv(useDefaults = false): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults });
  addFormats(ajv);
  return ajv;
}

export function typeOrThrow(name: string): DocumentSchema {
  const schema = builtinTypeByName(name);
  if (!schema) throw new Error(`no built-in type ${name}`);
  return schema;
}
