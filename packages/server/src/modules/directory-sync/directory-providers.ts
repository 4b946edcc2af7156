/**
 * The directory providers the sync can read (docs/product/administration.md#directory-sync), each
 * in its own file. An entry says whether an organisation's directory settings configure it and
 * builds the provider from them; adding a protocol adds one entry here.
 */
import type { DirectorySettings } from '@docket/shared';
import type { GuardOptions } from '../../platform/net/guarded-fetch.ts';
import type { DirectoryProvider } from './directory-provider.ts';
import { scimDirectoryProvider } from './scim-provider.ts';

/** What a provider may read to connect: the settings and the organisation's unsealed secrets. */
export interface DirectoryConnection {
  settings: DirectorySettings;
  scimToken: string | null;
  guard: GuardOptions;
}

export interface DirectoryProviderEntry {
  name: string;
  /** The provider when the settings configure it; null otherwise. */
  providerFor(connection: DirectoryConnection): DirectoryProvider | null;
}

export const directoryProviders: readonly DirectoryProviderEntry[] = [
  {
    name: 'scim',
    providerFor: ({ settings, scimToken, guard }) =>
      settings.scim_url ? scimDirectoryProvider({ baseUrl: settings.scim_url, token: scimToken }, guard) : null,
  },
];

/** The first provider the organisation's settings configure, or null: the sync then only tidies groups. */
export function configuredDirectoryProvider(connection: DirectoryConnection): { name: string; provider: DirectoryProvider } | null {
  for (const entry of directoryProviders) {
    const provider = entry.providerFor(connection);
    if (provider) return { name: entry.name, provider };
  }
  return null;
}
