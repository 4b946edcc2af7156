/** The user's preferred currency (docs/product/administration.md#currencies): a `currency` id, or undefined for none (0). */
import { useSession } from '../../app/session-context.tsx';

export function usePreferredCurrency(): number | undefined {
  const id: unknown = useSession().user.preferences.currency_id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
}
