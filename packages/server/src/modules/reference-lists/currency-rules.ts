/**
 * A currency's rules beyond its schema (docs/product/administration.md#currencies): at most one
 * base currency per organisation, and the base currency cannot be deleted. The schema itself says
 * the base currency's rate_to_base is 1. The base check runs before the write (the clear 400) and
 * again inside its transaction, so two administrators saving a base at once cannot both succeed.
 */
import { eq, type ValidationProblem } from '@docket/shared';
import type { Kysely } from 'kysely';
import { HttpError } from '../../http/http-error.ts';
import type { Tables } from '../../platform/db/tables.ts';
import type { ExistingDocument, HookContext, TypeWriteHooks } from '../documents/type-hooks.ts';
import { idsWhere } from './reference-lists.repository.ts';

export const SECOND_BASE_CURRENCY = 'Only one currency can be the base currency.';
export const BASE_CURRENCY_NOT_DELETABLE = 'The base currency cannot be deleted: make another currency the base first.';

async function baseProblems(hook: HookContext, executor: Kysely<Tables>, values: Record<string, unknown>, selfId: number | null) {
  if (values.base !== true) return [];
  const bases = await idsWhere(hook.ctx.database, executor, hook.principal.org.id, hook.type, eq('base', true));
  return bases.some((id) => id !== selfId) ? [{ path: 'base', message: SECOND_BASE_CURRENCY, keyword: 'unique' }] : [];
}

export const currencyWriteHooks: TypeWriteHooks = {
  async validate(hook, values, existing: ExistingDocument | null): Promise<ValidationProblem[]> {
    return baseProblems(hook, hook.ctx.database.db, values, existing?.id ?? null);
  },
  async afterWrite(hook, trx, event) {
    if (event.action === 'delete') return;
    const problems = await baseProblems(hook, trx, event.values, event.id);
    if (problems.length > 0)
      throw new HttpError('validation_failed', SECOND_BASE_CURRENCY, { details: problems.map(({ path, message }) => ({ path, message })) });
  },
  async beforeDelete(_hook, existing) {
    if (existing.values.base === true)
      throw new HttpError('bad_request', BASE_CURRENCY_NOT_DELETABLE, {
        details: [{ path: 'base', message: BASE_CURRENCY_NOT_DELETABLE }],
      });
  },
};
