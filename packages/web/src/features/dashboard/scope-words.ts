import { useTranslation } from 'react-i18next';

/** Item scopes in the user's language: 0 Sites, 1 Group, 2 Region, 3 Site, 9 Manual (User). */
export function useScopeWords(): Record<number, string> {
  const { t } = useTranslation();
  return {
    0: t('dashboard.scopes.0'),
    1: t('dashboard.scopes.1'),
    2: t('dashboard.scopes.2'),
    3: t('dashboard.scopes.3'),
    9: t('dashboard.scopes.9'),
  };
}
