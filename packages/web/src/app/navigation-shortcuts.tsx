/**
 * 'g' then a letter goes to a main screen from anywhere in the private area
 * (docs/product/forms-and-lists.md#keyboard-shortcuts): d the dashboard, a Recent Activity, s search.
 */
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../features/auth/sign-in-messages.ts';
import { useShortcut } from '../shortcuts/use-shortcut.ts';
import { useSession } from './session-context.tsx';

export function NavigationShortcuts() {
  const navigate = useNavigate();
  // An organisation that hides search (its settings' show flags) gets no shortcut to it either.
  const showsSearch = useSession().subscription.app_config.general?.showSearch !== false;
  useShortcut('goDashboard', () => void navigate(HOME_PATH));
  useShortcut('goActivity', () => void navigate('/docs/$$event'));
  useShortcut('goSearch', () => void navigate('/search'), showsSearch);
  return null;
}
