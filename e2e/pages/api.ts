import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in-page.ts';

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
}

/** Signs in through the API (for setting up data a test then looks at in the browser). */
export async function apiTokens(request: APIRequestContext, username: string): Promise<TokenAnswer> {
  const response = await request.post('/oauth/token', {
    form: { grant_type: 'password', username, password: DEMO_PASSWORD },
  });
  if (!response.ok()) throw new Error(`sign-in for ${username} failed: ${response.status()}`);
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
