/**
 * Searching all documents the caller may read (issue 4 item 6): Text/Ref mode matches words of
 * summary, descrip, display_id and ref, ranked; Query mode takes a filter-language expression
 * over the fields every document has (or, with `type`, that type's fields), newest first. Each
 * type is searched under its own row filter; types the caller may not read are left out.
 */
import { promotedFieldCatalog, type DocumentAnswer, type DocumentSchema, type ListAnswer, type SearchMode } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { filterContextOf, type Principal } from '../../platform/access/principal.ts';
import { authorize } from '../../platform/access/authorize.ts';
import { notFound } from '../../http/http-error.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { listWhere } from '../../platform/records/document-pages.ts';
import { multiTypeCondition, type TypeScope } from '../../platform/records/document-query.ts';
import { compileFilter } from '../../platform/records/filter-sql.ts';
import { sql, type Expression, type SqlBool } from 'kysely';
import { answersForTyped } from '../documents/document-answers.ts';
import { catalogFor, requestFilter } from '../documents/list-params.ts';
import { searchTerms } from './fts-query.ts';
import { searchText } from './search.repository.ts';

export interface SearchRequest {
  query: string;
  mode: SearchMode;
  type?: string;
  start: number;
  count: number;
}

async function readableTypes(
  ctx: AppContext,
  principal: Principal,
  typeName: string | undefined,
): Promise<{ parts: TypeScope[]; byName: Map<string, DocumentSchema> }> {
  const registry = typeRegistryFor(ctx.database);
  let types: DocumentSchema[];
  if (typeName) {
    const one = await registry.get(principal.org.id, typeName);
    if (!one) throw notFound(`Unknown document type: ${typeName.slice(0, 64)}`);
    types = [one];
  } else {
    types = await registry.list(principal.org.id);
  }
  const parts: TypeScope[] = [];
  const byName = new Map<string, DocumentSchema>();
  for (const type of types) {
    const decision = authorize(principal, type, 'read');
    if (!decision.allowed) continue;
    parts.push({ docType: type.type, scope: decision.scope, catalog: catalogFor(principal, type) });
    byName.set(type.type, type);
  }
  return { parts, byName };
}

export async function searchDocuments(ctx: AppContext, principal: Principal, request: SearchRequest): Promise<ListAnswer<DocumentAnswer>> {
  const { parts, byName } = await readableTypes(ctx, principal, request.type);
  const orgId = principal.org.id;
  let result;
  if (request.mode === 'text') {
    const terms = searchTerms(request.query);
    if (terms.length === 0 || parts.length === 0) return { dataAr: [], total: 0 };
    result = await searchText(ctx.database, { orgId, parts, userId: principal.uuid, terms, start: request.start, count: request.count });
  } else {
    const catalog = request.type && parts[0] ? parts[0].catalog : promotedFieldCatalog;
    const filter = requestFilter(request.query, catalog);
    const where: Expression<SqlBool>[] = [multiTypeCondition(ctx.database, orgId, parts, principal.uuid)];
    if (filter)
      where.push(
        compileFilter(filter, {
          dialect: ctx.database.dialect,
          catalog,
          ctx: filterContextOf(principal),
          tableAlias: 'd',
        }) as Expression<SqlBool>,
      );
    result = await listWhere(ctx.database, where, [{ expr: sql.ref('d.created_date'), direction: 'desc' }], request);
  }
  const dataAr = await answersForTyped(
    ctx,
    principal,
    result.rows.map((row) => ({ type: byName.get(row.doc_type)!, row })),
  );
  return result.totalIsEstimate ? { dataAr, total: result.total, totalIsEstimate: true } : { dataAr, total: result.total };
}
