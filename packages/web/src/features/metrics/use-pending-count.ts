/**
 * The account badge's number (docs/product/reporting.md#user-drawer): the documents waiting for
 * the user that are 'Pending Completion' or 'Pending Approval', from the todo summary the drawer
 * already reads (one shared query, no extra call).
 */
import { useTranslation } from 'react-i18next';
import { useSecondaryReadsAllowed } from '../../app/secondary-reads.ts';
import { useSession } from '../../app/session-context.tsx';
import { useTodo } from '../todo/todo-api.ts';
import { countPending } from './metric-preferences.ts';

export function usePendingCount(): number {
  const { appId } = useSession();
  const { i18n } = useTranslation();
  // Not before the screen's first content (app/secondary-reads.ts).
  const todo = useTodo(appId, i18n.resolvedLanguage ?? 'en', useSecondaryReadsAllowed());
  return todo.data ? countPending([...todo.data.open, ...todo.data.approvals]) : 0;
}
