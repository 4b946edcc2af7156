import { beforeEach, describe, expect, it, vi } from 'vitest';
import { builtinTypeByName, SCHEMA_TYPE, type DocumentSchema } from '@docket/shared';
import { ApiRequestError } from './api-error.ts';

const get = vi.fn<(path: string, query?: Record<string, unknown>, signal?: AbortSignal) => Promise<unknown>>();
// The browser's client reads window at import: the tests give the catalog a fake one.
vi.mock('./instance.ts', () => ({ apiClient: { get: (...args: Parameters<typeof get>) => get(...args) } }));

const { loadTypeCatalog } = await import('./document-types.ts');

const builtinIncident = builtinTypeByName('incident')!;
const overridden: DocumentSchema = { ...builtinIncident, view: { ...builtinIncident.view!, title: 'Site incidents' } };
const action = builtinTypeByName('action')!;

describe('loadTypeCatalog', () => {
  beforeEach(() => {
    get.mockReset();
  });

  it("gives members the server's projections of the types they may see, overrides included", async () => {
    get.mockResolvedValue({ dataAr: [action, overridden], total: 2 });
    const catalog = await loadTypeCatalog('demo', false);
    expect(get).toHaveBeenCalledWith('/v3/demo/$$types', undefined, undefined);
    expect(catalog.byName.get('incident')?.view?.title).toBe('Site incidents');
    expect(catalog.types.map((type) => type.type)).toEqual(['action', 'incident']);
    expect(catalog.isFallback).toBe(false);
    // Built-in types the server withheld are known to exist (Not Authorised), not unknown (Not Found).
    expect(catalog.byName.has('post')).toBe(false);
    expect(catalog.withheld.has('post')).toBe(true);
    expect(catalog.withheld.has('incident')).toBe(false);
    expect(catalog.withheld.has('no_such_type')).toBe(false);
  });

  it('falls back to the built-in types silently when the projections cannot be loaded (docs/product/documents-and-schemas.md#document-types)', async () => {
    get.mockRejectedValue(new ApiRequestError(500, 'internal', 'Down'));
    const catalog = await loadTypeCatalog('demo', false);
    expect(catalog.isFallback).toBe(true);
    expect(catalog.byName.get('incident')).toBe(builtinIncident);
    expect(catalog.byName.has('post')).toBe(true);
    expect(catalog.withheld.size).toBe(0);
  });

  it('rethrows when the load was cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = new Error('The operation was aborted.');
    get.mockRejectedValue(aborted);
    await expect(loadTypeCatalog('demo', false, controller.signal)).rejects.toBe(aborted);
  });

  it('gives administrators the stored schemas with their ids over the built-in types', async () => {
    get.mockResolvedValue({ dataAr: [{ ...overridden, id: 12, doc_type: SCHEMA_TYPE, meta: {} }], total: 1 });
    const catalog = await loadTypeCatalog('demo', true);
    expect(get).toHaveBeenCalledWith('/v3/demo/%24%24schema', { count: 500 }, undefined);
    expect(catalog.byName.get('incident')?.view?.title).toBe('Site incidents');
    expect(catalog.storedIds.get('incident')).toBe(12);
    expect(catalog.byName.has('post')).toBe(true);
    expect(catalog.byName.get(SCHEMA_TYPE)?.type).toBe(SCHEMA_TYPE);
  });
});
