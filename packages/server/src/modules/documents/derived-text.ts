/**
 * The stored `summary` and `descrip` of a document. A form's `summaryProperties` /
 * `descripProperties` name the fields they are made of (a site's `title`; a safety visit's site,
 * zone and start date): their values — labels for references, the day for dates — joined with
 * ' - '. Types whose summary is the `summary` field itself keep the body's text. Stored so that
 * lists, search and lookups can read one column.
 */
import { safeHtml } from './safe-html.ts';
import { HttpError } from '../../http/http-error.ts';
import { describeProblems, type DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { resolveLabels } from '../../platform/records/document-labels.ts';
import { labelFieldsOf } from '../../platform/records/label-fields.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T/;
export const MAX_SUMMARY_LENGTH = 1000;
export const NOTHING_LEFT_AFTER_CLEANING = 'nothing is left once scripts and unsafe markup are removed';

function display(value: unknown, label: unknown): string {
  if (label !== undefined && label !== null) return Array.isArray(label) ? label.filter((l) => l !== null).join(', ') : String(label);
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return ISO_DATE_TIME.test(value) ? value.slice(0, 10) : value;
  if (Array.isArray(value)) return value.map((v) => display(v, undefined)).join(', ');
  return typeof value === 'object' ? '' : String(value);
}

function isOwnField(properties: string[] | undefined, field: 'summary' | 'descrip'): boolean {
  return properties === undefined || properties.length === 0 || (properties.length === 1 && properties[0] === field);
}

export async function derivedTexts(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  values: Record<string, unknown>,
): Promise<{ summary: string; descrip: string }> {
  const summaryProps = type.form?.summaryProperties;
  const descripProps = type.form?.descripProperties;
  const descrip = display(values.descrip, undefined);
  const own = { summary: display(values.summary, undefined), descrip: type.descripIsHtml ? safeHtml(descrip) : descrip };
  // The form checked the text as sent; what is stored is the cleaned text, which a required description must not lose.
  if (descrip.trim() !== '' && own.descrip.trim() === '' && type.form?.schema.required?.includes('descrip')) {
    const problem = { path: 'descrip', message: NOTHING_LEFT_AFTER_CLEANING, keyword: 'html' };
    throw new HttpError('validation_failed', describeProblems([problem]), { details: [{ path: problem.path, message: problem.message }] });
  }
  if (isOwnField(summaryProps, 'summary') && isOwnField(descripProps, 'descrip')) return own;
  const wanted = new Set([...(summaryProps ?? []), ...(descripProps ?? [])]);
  const needsLabels = labelFieldsOf(type).some((f) => wanted.has(f.field));
  let labels: Record<string, unknown> = {};
  if (needsLabels) {
    const registry = typeRegistryFor(ctx.database);
    [labels = {}] = await resolveLabels(
      { database: ctx.database, orgId: principal.org.id, principal, typeOf: (name) => registry.get(principal.org.id, name) },
      [{ type, values }],
    );
  }
  const join = (props: string[]) =>
    props
      .map((p) => display(values[p], labels[p]))
      .filter(Boolean)
      .join(' - ')
      .slice(0, MAX_SUMMARY_LENGTH);
  return {
    summary: isOwnField(summaryProps, 'summary') ? own.summary : join(summaryProps ?? []),
    descrip: isOwnField(descripProps, 'descrip') ? own.descrip : join(descripProps ?? []),
  };
}
