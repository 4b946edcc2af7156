import type { en } from './en.ts';
import type { enApp } from './app/en.ts';
import type { enDashboard } from '../features/dashboard/i18n/en.ts';

// Typed keys: a `t('…')` call with a key that does not exist in en.ts or app/en.ts is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof enApp & typeof enDashboard };
  }
}
