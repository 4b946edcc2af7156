import { describe, expect, it } from 'vitest';
import { builtinTypes } from '@docket/shared';
import { esApp } from './es.ts';
import { frApp } from './fr.ts';

/**
 * A status reads the same on a list (through the type's dictionary) as on the workflow bar
 * (through the app's `statuses`), docs/product/administration.md#localisation.
 */
describe("the built-in types' statuses", () => {
  it("use the app's words in French and Spanish", () => {
    for (const [lang, app] of [
      ['fr', frApp],
      ['es', esApp],
    ] as const) {
      for (const type of builtinTypes) {
        const dictionary = type.i18n?.data?.[lang] ?? {};
        for (const [status, words] of Object.entries(app.statuses)) {
          if (status in dictionary && type.type !== 'notification')
            expect(dictionary[status], `${type.type} ${lang} ${status}`).toBe(words);
        }
      }
    }
  });
});
