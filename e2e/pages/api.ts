import type { APIRequestContext } from '@playwright/test';
import type { TokenAnswer } from '@docket/shared';

/** Every demo account's password when SEED_PASSWORD is unset (README). */
export const DEMO_PASSWORD = 'docket-demo-1';

/**
 * Signs in through the API: for setting up data a test then looks at in the browser, or, through
 * a page's own `page.request` (whose cookies are the browser's), to start its session.
 */
export async function apiTokens(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<TokenAnswer> {
  const response = await request.post('/oauth/token', {
    form: { grant_type: 'password', username, password },
  });
  if (!response.ok()) throw new Error(`sign-in for ${username} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as TokenAnswer;
}

export async function createPostViaApi(
  request: APIRequestContext,
  token: string,
  post: { summary: string; descrip: string; tags?: string[] },
): Promise<{ id: number }> {
  const response = await request.post('/v3/demo/post', {
    headers: { Authorization: `Bearer ${token}` },
    data: { tags: [], ...post },
  });
  if (!response.ok()) throw new Error(`create post failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

export interface CreatedDocument {
  id: number;
  display_id: string;
  summary: string;
}

/** Creates a document of any type through the generic API (test data for list and page tests). */
export async function createDocumentViaApi(
  request: APIRequestContext,
  token: string,
  type: string,
  body: Record<string, unknown>,
): Promise<CreatedDocument> {
  const response = await request.post(`/v3/demo/${type}`, { headers: { Authorization: `Bearer ${token}` }, data: body });
  if (!response.ok()) throw new Error(`create ${type} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as CreatedDocument;
}

/** How many documents of a type match a filter, as the API counts them. */
export async function countViaApi(request: APIRequestContext, token: string, type: string, filter: string): Promise<number> {
  const response = await request.get(`/v3/demo/${type}`, { headers: { Authorization: `Bearer ${token}` }, params: { filter, count: 1 } });
  if (!response.ok()) throw new Error(`count ${type} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { total: number }).total;
}

/** The current user's uuid (for identity fields of test documents). */
export async function myUuid(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get('/v3/account/session', { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { user: { uuid: string } }).user.uuid;
}
