/**
 * Strings of the server tasks page (docs/product/administration.md#server-tasks) and the
 * Translate action (docs/product/administration.md#translation). The running message and the
 * disabled alert keep the spec's words. The tasks' descriptions in English are the server's own
 * `descrip` texts (shared), so the screen says before a run what a run answers.
 */
import { SERVER_TASK_DESCRIPS } from '@docket/shared';

export const serverTasksEn = {
  title: 'Server tasks',
  hint: 'Directory sync, search index, reporting refresh, file purge.',
  intro: 'Each task runs on the server for this organisation. Its result shows below its button.',
  run: 'Run',
  running: 'Running... (this action may take a while to run on the server. Allow 5 minutes before running twice.)',
  stillRunning: 'The task continues on the server.',
  failed: 'The task could not run.',
  names: {
    'directory-sync': 'Directory sync',
    'search-index': 'Recompute search index',
    'reporting-refresh': 'Refresh all reporting periods',
    'purge-files': 'Purge deleted files',
  },
  descrips: { ...SERVER_TASK_DESCRIPS } as Record<keyof typeof SERVER_TASK_DESCRIPS, string>,
};

export const contentTranslationEn = {
  translate: 'Translate',
  showOriginal: 'Show original',
  translated: 'Translated automatically',
  failed: 'The text could not be translated.',
};

export const subscriptionEn = {
  title: 'Subscription',
  hint: 'Company, domains and e-mail sign-up of this organisation.',
  operatorOnly: 'Suspending or reactivating the organisation and its licence are managed by the platform operator.',
};
