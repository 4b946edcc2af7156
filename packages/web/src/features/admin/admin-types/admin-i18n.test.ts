// @vitest-environment jsdom
/**
 * The administration's own types (identities, access control entries, logs, outbox, directory
 * settings) read in French and Spanish like any type (docs/product/administration.md#localisation):
 * every label, option, column and message has its translation in admin-i18n.ts.
 */
import { describe, expect, it } from 'vitest';
import { visibleStringsOf, type DocumentSchema } from '@docket/shared';
import { directoryType } from '../directory-settings-page.tsx';
import { aclType } from './acl.type.ts';
import { adminI18n } from './admin-i18n.ts';
import { logsType } from './logs.type.ts';
import { outboxType } from './outbox.type.ts';
import { usersType } from './users.type.ts';

const types: DocumentSchema[] = [usersType, aclType, logsType, outboxType, directoryType];

describe('the administration types in French and Spanish', () => {
  it.each(['fr', 'es'] as const)('translate every text they show in %s', (locale) => {
    const dictionary: Record<string, string> = adminI18n.data[locale] ?? {};
    const missing = types.flatMap((type) =>
      [...visibleStringsOf(type)].filter((text) => !dictionary[text]?.trim()).map((text) => `${type.type}: ${text}`),
    );
    expect(missing).toEqual([]);
  });
});
