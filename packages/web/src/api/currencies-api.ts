/**
 * The organisation's enabled currencies with their rates (docs/product/administration.md#currencies),
 * read like any list of documents (`GET /v3/{appId}/currency`), for amounts shown converted into
 * the user's preferred currency. A failed load converts nothing rather than breaking the form.
 */
import { useQuery } from '@tanstack/react-query';
import type { ListAnswer } from '@docket/shared';
import { apiClient } from './instance.ts';

export interface CurrencyRow {
  id: number;
  title: string;
  symbol: string;
  rate_to_base: number;
  base?: boolean;
  enabled?: boolean;
}

/** An organisation keeps a handful of currencies; far fewer than this. */
const CURRENCY_COUNT = 200;

export function useCurrencies(appId: string, isEnabled = true) {
  return useQuery({
    queryKey: ['currencies', appId],
    queryFn: async ({ signal }) => {
      try {
        const answer = await apiClient.get<ListAnswer<CurrencyRow>>(
          `/v3/${encodeURIComponent(appId)}/currency`,
          { count: CURRENCY_COUNT },
          signal,
        );
        return answer.dataAr.filter((row) => row.enabled !== false);
      } catch (error) {
        if (signal?.aborted) throw error;
        return [];
      }
    },
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
