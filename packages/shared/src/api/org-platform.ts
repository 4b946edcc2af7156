/**
 * Contracts of automatic translation and server tasks (docs/product/administration.md#translation,
 * docs/product/administration.md#server-tasks).
 */

/** The languages content is translated between (the UI's locales). */
export const TRANSLATION_LANGUAGES = ['en', 'fr', 'es'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** The longest text one translation request carries. */
export const MAX_TRANSLATION_TEXT = 10_000;

/** docs/product/administration.md#translation: the alert when the organisation's `translation` setting is off. */
export const TRANSLATION_DISABLED_MESSAGE = 'Automatic translation services have been disabled by your organisation.';

export interface TranslateRequest {
  text: string;
  target: TranslationLanguage;
}

export interface TranslateAnswer {
  data: { translatedText: string; target: TranslationLanguage; cached: boolean };
}

/** docs/product/administration.md#server-tasks: the message while a task runs. */
export const SERVER_TASK_RUNNING_MESSAGE =
  'Running... (this action may take a while to run on the server. Allow 5 minutes before running twice.)';

/**
 * docs/product/administration.md#server-tasks: the server tasks in the order the screen lists them,
 * and what each does — the `descrip` a run answers, which the screen also shows before a run.
 */
export const SERVER_TASK_DESCRIPS = {
  'directory-sync':
    "Directory sync: members and group members follow the organisation's directory (SCIM); people no longer in the organisation or disabled leave every group.",
  'search-index': 'Recompute search index: every document is indexed again for search.',
  'reporting-refresh': 'Refresh all reporting periods: every open period of every report is computed again.',
  'purge-files': 'Purge deleted files: the stored files of deleted documents are removed.',
} as const;

export type ServerTaskName = keyof typeof SERVER_TASK_DESCRIPS;

export type ServerTaskStatus = 'running' | 'done' | 'failed';

export interface ServerTaskAnswer {
  data: { name: string; descrip: string; status: ServerTaskStatus; result: string | null; job_id: number };
}
