/**
 * The HTTP layer's name for the error operations throw (platform/errors/http-error.ts, where the
 * platform code that cannot import http/ reads it too); the error handler answers it.
 */
export * from '../platform/errors/http-error.ts';
