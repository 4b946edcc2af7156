/**
 * Stars on types and documents, kept in the user's preferences (`PUT /v2/identity/me/prefs`
 * with the whole starred list). A failure says 'Error connecting to server!' (docs/product/forms-and-lists.md#messages).
 */
import { useTranslation } from 'react-i18next';
import type { StarredItem } from '@docket/shared';
import { useSavePreferences } from '../../api/preferences-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { useSession } from '../../app/session-context.tsx';

const same = (a: StarredItem, b: StarredItem) => a.type === b.type && (a.id ?? null) === (b.id ?? null);

export function useStarred() {
  const { t } = useTranslation();
  const session = useSession();
  const save = useSavePreferences();
  const showMessage = useMessageBar();
  const starred = session.user.preferences.starred ?? [];
  const isStarred = (item: StarredItem) => starred.some((entry) => same(entry, item));
  const toggle = (item: StarredItem) => {
    const next = isStarred(item) ? starred.filter((entry) => !same(entry, item)) : [...starred, item];
    save.mutate({ starred: next }, { onError: () => showMessage(t('documents.starError'), 'error') });
  };
  return { starred, isStarred, toggle };
}
