/**
 * An amount converted into the user's preferred currency (docs/product/administration.md#currencies),
 * shown under an amount field whose schema names its currency field (`x-currency`): '≈ 120.00 in
 * EUR'. Nothing shows while either currency is unknown, or when they are the same.
 */
import { useJsonForms } from '@jsonforms/react';
import { useTranslation } from 'react-i18next';
import { convertAmount } from '@docket/shared';
import { useCurrencies } from '../../api/currencies-api.ts';
import { useFormServices } from '../form-services.ts';
import { siblingPath } from './sibling-path.ts';

function valueAt(data: unknown, path: string): unknown {
  let current = data;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export function ConvertedAmount({ amount, path, currencyField }: { amount: unknown; path: string; currencyField: string }) {
  const { t, i18n } = useTranslation();
  const { appId, currencyId } = useFormServices();
  const root = useJsonForms().core?.data;
  const preferred = currencyId && currencyId > 0 ? currencyId : undefined;
  const currencies = useCurrencies(appId, preferred !== undefined && typeof amount === 'number').data ?? [];
  const documentCurrency = valueAt(root, siblingPath(path, currencyField));
  const from = currencies.find((row) => row.id === documentCurrency);
  const to = currencies.find((row) => row.id === preferred);
  if (typeof amount !== 'number' || !from || !to || from.id === to.id) return null;
  const converted = convertAmount(amount, from, to);
  if (converted === undefined) return null;
  const formatted = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    converted,
  );
  return (
    <span data-testid="converted-amount">{t('referenceLists.converted', { amount: formatted, currency: to.symbol || to.title })}</span>
  );
}
