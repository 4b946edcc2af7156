/**
 * Lookups for selects (issue 4 item 7), each under the caller's read access:
 * - keyword options (`GET /api/$$keywords`): the options of the keyword list named by `value`
 *   (its key), or, without `value`, the keyword lists themselves;
 * - tags of posts (`GET /api/tags`): the most used first, 30 by default;
 * - generic select options of any type (`GET /v3/{appId}/{type}/options`): `{value: id, label:
 *   summary}`, 10 per search, 100 on the first load, plus the documents named in `value` so a
 *   select can show its current value's label.
 */
import {
  andAll,
  containsValue,
  FIRST_LOOKUP_COUNT,
  inList,
  LOOKUP_COUNT,
  TAG_COUNT,
  type DocumentSchema,
  type FilterNode,
  type ListAnswer,
  type SelectOption,
  type TagCount,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { listDocuments } from '../../platform/records/document-pages.ts';
import { parsedData, type RowWithAuthor } from '../../platform/records/document-shape.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { readScope } from '../documents/read-scope.ts';
import { requestFilter } from '../documents/list-params.ts';
import { creatablePlacesFilter, isPlaceType } from './creatable-places.ts';
import { keywordOptions } from './keyword-options.ts';
import { keywordLists, postTags } from './lookups.repository.ts';

async function typeOrThrow(ctx: AppContext, principal: Principal, name: string): Promise<DocumentSchema> {
  const type = await typeRegistryFor(ctx.database).get(principal.org.id, name);
  if (!type) throw notFound(`Unknown document type: ${name.slice(0, 64)}`);
  return type;
}

export async function keywordLookup(
  ctx: AppContext,
  principal: Principal,
  value: string | undefined,
  searchTerm: string | undefined,
): Promise<ListAnswer<SelectOption>> {
  const part = readScope(principal, await typeOrThrow(ctx, principal, 'keyword_list'));
  if (value === undefined) {
    const term = searchTerm?.trim().toLowerCase() ?? '';
    const lists = await keywordLists(ctx.database, part, principal.uuid, undefined);
    const dataAr = lists
      .filter((list) => list.key && (term === '' || `${list.title ?? ''} ${list.key}`.toLowerCase().includes(term)))
      .map((list) => ({ value: list.key!, label: list.title ?? list.key! }));
    return { dataAr, total: dataAr.length };
  }
  const [list] = await keywordLists(ctx.database, part, principal.uuid, value);
  const dataAr = list ? keywordOptions(list, searchTerm) : [];
  return { dataAr, total: dataAr.length };
}

export async function tagLookup(
  ctx: AppContext,
  principal: Principal,
  searchTerm: string | undefined,
  count = TAG_COUNT,
): Promise<ListAnswer<TagCount>> {
  const part = readScope(principal, await typeOrThrow(ctx, principal, 'post'));
  const dataAr = await postTags(ctx.database, part, principal.uuid, searchTerm, count);
  return { dataAr, total: dataAr.length };
}

export interface OptionsRequest {
  searchTerm?: string;
  value?: string;
  filter?: string;
  first?: boolean;
  count?: number;
  /** Only the sites (regions) where the caller may create a document of this type (creatable-places.ts). */
  creatableFor?: string;
}

function option(row: RowWithAuthor): SelectOption {
  const active = parsedData(row).active;
  return typeof active === 'boolean' ? { value: row.id, label: row.summary, active } : { value: row.id, label: row.summary };
}

function idsOf(value: string | undefined): number[] {
  if (!value?.trim()) return [];
  const ids = value.split(',').map((v) => Number(v.trim()));
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1))
    throw new HttpError('bad_request', 'Invalid value: a comma-separated list of document ids');
  return ids;
}

export async function selectOptions(
  ctx: AppContext,
  principal: Principal,
  typeName: string,
  request: OptionsRequest,
): Promise<ListAnswer<SelectOption>> {
  const type = await typeOrThrow(ctx, principal, typeName);
  const part = readScope(principal, type);
  const parts: FilterNode[] = [];
  const filter = requestFilter(request.filter, part.catalog);
  if (filter) parts.push(filter);
  if (request.creatableFor && isPlaceType(typeName)) {
    const target = await typeOrThrow(ctx, principal, request.creatableFor);
    const places = creatablePlacesFilter(principal, target, typeName);
    if (places) parts.push(places);
  }
  if (request.searchTerm?.trim()) parts.push(containsValue('summary', request.searchTerm.trim()));
  const count = request.count ?? (request.first ? FIRST_LOOKUP_COUNT : LOOKUP_COUNT);
  const page = { order: [{ field: 'summary', direction: 'asc' as const }], start: 0, userId: principal.uuid };
  const found = await listDocuments(ctx.database, { ...part, ...page, filter: parts.length > 0 ? andAll(parts) : null, count });
  const dataAr = found.rows.map(option);
  const missing = idsOf(request.value).filter((id) => !dataAr.some((o) => o.value === id));
  if (missing.length > 0) {
    const selected = await listDocuments(ctx.database, {
      ...part,
      ...page,
      filter: inList('id', missing),
      count: missing.length,
      withTotal: false,
    });
    dataAr.push(...selected.rows.map(option));
  }
  return found.totalIsEstimate ? { dataAr, total: found.total, totalIsEstimate: true } : { dataAr, total: found.total };
}
