/**
 * An error as it crosses a worker thread's boundary (the reader threads, sqlite-read-worker.ts, and
 * schema work, sqlite-schema-worker.ts): its message, and SQLite's code and number when it has them.
 * Loaded by the workers under Node's own type stripping, so erasable TypeScript only.
 */
export interface ErrorFields {
  message: string;
  code?: string;
  errcode?: number;
}

/** What of `error` can be posted to another thread. */
export function errorFieldsOf(error: unknown): ErrorFields {
  const { message, code, errcode } = error as { message?: unknown; code?: unknown; errcode?: unknown };
  return {
    message: typeof message === 'string' ? message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof errcode === 'number' ? { errcode } : {}),
  };
}

/** The error again on the receiving thread, with its code and number. */
export function errorFromFields(fields: ErrorFields): Error {
  return Object.assign(new Error(fields.message), {
    ...(fields.code === undefined ? {} : { code: fields.code }),
    ...(fields.errcode === undefined ? {} : { errcode: fields.errcode }),
  });
}
