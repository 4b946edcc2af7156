/**
 * A keyword list's rules beyond its schema (docs/product/administration.md#keyword-lists): its key
 * is unique in the organisation (every keyword field finds its list by key), each option and child
 * has its own id (a field stores the id), and a list a type's field still uses cannot be deleted
 * (disable it instead). The key check runs before the write and again inside its transaction.
 */
import { eq, type ValidationProblem } from '@docket/shared';
import type { Kysely } from 'kysely';
import { HttpError } from '../../http/http-error.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import type { HookContext, TypeWriteHooks } from '../documents/type-hooks.ts';
import { keywordKeysOf } from './keyword-usage.ts';
import { idsWhere } from './reference-lists.repository.ts';

export const KEYWORD_KEY_TAKEN = (key: string) => `A keyword list with the key '${key}' already exists.`;
export const OPTION_ID_TWICE = (id: number) => `Each option needs its own id: ${id} is used twice.`;
export const KEYWORD_LIST_IN_USE = (title: string) =>
  `This keyword list is used by the form '${title}' and cannot be deleted: disable it instead.`;

interface OptionLike {
  id?: unknown;
  children?: OptionLike[];
}

async function keyProblems(hook: HookContext, executor: Kysely<Tables>, values: Record<string, unknown>, selfId: number | null) {
  const key = values.key;
  if (typeof key !== 'string') return [];
  const holders = await idsWhere(hook.ctx.database, executor, hook.principal.org.id, hook.type, eq('key', key));
  return holders.some((id) => id !== selfId) ? [{ path: 'key', message: KEYWORD_KEY_TAKEN(key), keyword: 'unique' }] : [];
}

/** The first id used twice among the options and their children (a field stores the id alone). */
export function repeatedOptionId(options: readonly OptionLike[]): number | undefined {
  const seen = new Set<unknown>();
  for (const option of [...options, ...options.flatMap((o) => o.children ?? [])]) {
    if (seen.has(option.id)) return Number(option.id);
    seen.add(option.id);
  }
  return undefined;
}

export const keywordListWriteHooks: TypeWriteHooks = {
  async validate(hook, values, existing): Promise<ValidationProblem[]> {
    const repeated = repeatedOptionId((values.options as OptionLike[] | undefined) ?? []);
    if (repeated !== undefined) return [{ path: 'options', message: OPTION_ID_TWICE(repeated), keyword: 'unique' }];
    return keyProblems(hook, hook.ctx.database.db, values, existing?.id ?? null);
  },
  async afterWrite(hook, trx, event) {
    if (event.action === 'delete') return;
    const problems = await keyProblems(hook, trx, event.values, event.id);
    if (problems.length > 0)
      throw new HttpError('validation_failed', problems[0]!.message, { details: problems.map(({ path, message }) => ({ path, message })) });
  },
  async beforeDelete(hook, existing) {
    const key = existing.values.key;
    if (typeof key !== 'string') return;
    for (const type of await typeRegistryFor(hook.ctx.database).list(hook.principal.org.id)) {
      if (!keywordKeysOf(type).has(key)) continue;
      const message = KEYWORD_LIST_IN_USE(type.form?.title ?? type.type);
      throw new HttpError('bad_request', message, { details: [{ path: 'key', message }] });
    }
  },
};
