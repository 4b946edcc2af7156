/**
 * The SCIM 2.0 directory provider (RFC 7644; docs/product/administration.md#directory-sync):
 * `GET {base}/Users` and `GET {base}/Groups`, paged with `startIndex`/`count`, with the
 * organisation's bearer token. Every request goes through the guarded outbound client — the
 * operator's address policy and the organisation's allowed hosts apply — with a time-out per
 * request, a size cap per page, a cap on the whole read, a deadline for the whole read, and no
 * redirects (the token is never carried to another address). Any failure is a DirectorySyncFailed
 * whose message says what to fix.
 */
import { guardedFetch, type GuardOptions } from '../../platform/net/guarded-fetch.ts';
import { checkedSnapshot, DirectorySyncFailed, type DirectoryProvider } from './directory-provider.ts';
import { scimGroupOf, scimPageOf, scimUserOf } from './scim-parse.ts';

export const SCIM_PAGE_BYTES = 5 * 1024 * 1024;
/** Resources asked per page (providers may answer fewer). */
export const SCIM_PAGE_SIZE = 100;
/** Users or groups read at most: past it the sync fails rather than hold the write lock for long. */
export const SCIM_MAX_RESOURCES = 50_000;
/**
 * The whole read's deadline. The sync is a job, and each server process runs its jobs one after
 * another: without it a directory answering a byte at a time (each gap under the per-request
 * time-out, which only measures silence) or one user a page would hold every organisation's
 * notifications, mail polls and reports behind it. Under the job's lock (five minutes), so no
 * second worker takes the job while it runs.
 */
export const SCIM_READ_BUDGET_MS = 4 * 60_000;

export interface ScimSettings {
  baseUrl: string;
  /** Null when none was entered: the read then fails, saying so. */
  token: string | null;
}

/** Pure: `{base}/{resource}?startIndex=&count=`, the base's own path kept. */
export function scimPageUrl(baseUrl: string, resource: 'Users' | 'Groups', startIndex: number, count: number): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new DirectorySyncFailed(`The SCIM address '${baseUrl}' is not a valid URL.`);
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${resource}`;
  url.search = new URLSearchParams({ startIndex: String(startIndex), count: String(count) }).toString();
  return url;
}

export function scimDirectoryProvider(
  settings: ScimSettings,
  guard: GuardOptions,
  { readBudgetMs = SCIM_READ_BUDGET_MS }: { readBudgetMs?: number } = {},
): DirectoryProvider {
  const fetch = guardedFetch({ maxBytes: SCIM_PAGE_BYTES, ...guard });
  const overBudget = () =>
    new DirectorySyncFailed(`The directory took longer than ${readBudgetMs / 1000} seconds to read: the sync stopped and changed nothing.`);

  async function getJson(url: URL, what: string, deadline: number): Promise<unknown> {
    const left = deadline - Date.now();
    if (left <= 0) throw overBudget();
    const signal = AbortSignal.timeout(left);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'GET',
        redirect: 'error',
        signal,
        headers: { accept: 'application/scim+json, application/json', authorization: `Bearer ${settings.token ?? ''}` },
      });
    } catch (error) {
      if (signal.aborted) throw overBudget();
      const reason = error instanceof Error ? error.message : String(error);
      throw new DirectorySyncFailed(`The directory's ${what} could not be read (${reason}).`);
    }
    if (response.status === 401 || response.status === 403)
      throw new DirectorySyncFailed(
        `The directory refused the SCIM bearer token (HTTP ${response.status}): enter a valid token in the directory settings.`,
      );
    if (!response.ok) throw new DirectorySyncFailed(`The directory answered HTTP ${response.status} when asked for its ${what}.`);
    const type = response.headers.get('content-type') ?? '';
    if (!/^application\/(scim\+)?json\b/i.test(type))
      throw new DirectorySyncFailed(`The directory answered ${type || 'no content type'} instead of SCIM JSON for its ${what}.`);
    try {
      return await response.json();
    } catch {
      throw new DirectorySyncFailed(`The directory answered something that is not JSON for its ${what}.`);
    }
  }

  /** Every resource of a kind, page after page, until the list's total is read or a page is empty. */
  async function readAll<T>(resource: 'Users' | 'Groups', what: string, read: (resource: unknown) => T, deadline: number): Promise<T[]> {
    const all: T[] = [];
    for (let startIndex = 1; ;) {
      const page = scimPageOf(await getJson(scimPageUrl(settings.baseUrl, resource, startIndex, SCIM_PAGE_SIZE), what, deadline), what);
      if (page.totalResults > SCIM_MAX_RESOURCES)
        throw new DirectorySyncFailed(`The directory lists ${page.totalResults} ${what}; the sync reads at most ${SCIM_MAX_RESOURCES}.`);
      all.push(...page.resources.map(read));
      startIndex += page.resources.length;
      if (page.resources.length === 0 || all.length >= page.totalResults) return all;
      if (all.length > SCIM_MAX_RESOURCES)
        throw new DirectorySyncFailed(`The directory answered more ${what} than the ${SCIM_MAX_RESOURCES} the sync reads.`);
    }
  }

  return {
    async readDirectory() {
      if (!settings.token)
        throw new DirectorySyncFailed('The directory sync needs the SCIM bearer token: enter it in the directory settings.');
      const deadline = Date.now() + readBudgetMs;
      const users = await readAll('Users', 'users', scimUserOf, deadline);
      const groups = await readAll('Groups', 'groups', scimGroupOf, deadline);
      return checkedSnapshot({ users, groups });
    },
  };
}
