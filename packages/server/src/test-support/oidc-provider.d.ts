// oidc-provider ships no type declarations; the tests use a small part of it (test-support/oidc-test-provider.ts).
declare module 'oidc-provider';
