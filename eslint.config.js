// Lint rules that hold the architecture in place (GUIDE §3 habit 1) and the security rules of
// SECURITY-LESSONS.md (#5 no eval-like templates, #13 no SQL built from template literals).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const noSqlTemplates = [
  {
    selector: "CallExpression[callee.property.name='raw'] > TemplateLiteral[expressions.length>0]",
    message: 'Never build SQL from template literals: use the sql`` tag (parameters) or sql.ref/sql.id.',
  },
  {
    selector: "CallExpression[callee.property.name='query'] > TemplateLiteral[expressions.length>0]",
    message: 'Never build SQL from template literals: pass values as parameters.',
  },
  {
    selector: "CallExpression[callee.property.name='exec'] > TemplateLiteral[expressions.length>0]",
    message: 'Never build SQL from template literals: pass values as parameters.',
  },
];

// Route handlers read their input through the type provider (packages/server/src/http/typed-server.ts):
// the schema is the type, so casting request input would hide a schema that disagrees with it.
const noRequestInputCasts = [
  {
    selector: 'TSAsExpression > MemberExpression.expression[object.name=/^(request|req)$/][property.name=/^(query|params|body|headers)$/]',
    message: 'Read request input through its route schema (typedServer in http/typed-server.ts), not a cast.',
  },
  {
    // `(request.body ?? {}) as …`: a nullable schema (`type: ['object', 'null']`) already types the fallback.
    selector:
      'TSAsExpression > LogicalExpression.expression > MemberExpression.left[object.name=/^(request|req)$/][property.name=/^(query|params|body|headers)$/]',
    message: 'Read request input through its route schema (typedServer in http/typed-server.ts), not a cast.',
  },
];
/** Server imports: shared through its public entry, never the web app. */
const serverImportPatterns = [
  { group: ['**/shared/src/**', '@docket/shared/*'], message: "Import shared through its public entry '@docket/shared'." },
  { group: ['@docket/web', '**/web/src/**', 'react', 'react-dom'], message: 'The server never imports the web app.' },
];
/** Test files and their fixtures (`x.test.ts`, `x.int.test.ts`, `x.test-fixtures.ts`, `x.test-rows.ts`). */
const testFiles = ['**/*.test.ts', '**/*.test-*.ts'];
// Access by construction (docs/architecture.md "Access"): scopes come from authorize.ts alone, and
// only the owning repositories write the documents table, each write taking a scope of its action.
const accessByConstruction = [
  {
    selector: "MemberExpression[object.name='AccessScope'][property.name='forPrincipal']",
    message: "Only authorize.ts makes a principal's scope: call authorize() (or readDocumentForOrThrow) instead.",
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(updateTable|deleteFrom|insertInto|mergeInto|replaceInto)$/] > Literal[value=/^documents(\\s+as\\s+\\w+)?$/]',
    message: 'Write documents through documents.repository.ts or workflow.repository.ts (a write takes the scope of its action).',
  },
  {
    selector:
      'TaggedTemplateExpression[tag.name=\'sql\'] TemplateElement[value.raw=/(UPDATE|DELETE\\s+FROM|INSERT\\s+INTO)\\s+"?documents"?(\\s|$)/i]',
    message: 'Write documents through documents.repository.ts or workflow.repository.ts (a write takes the scope of its action).',
  },
];

/** The files that own what `accessByConstruction` keeps to them (tests and migrations write freely). */
const accessOwners = [
  'packages/server/src/platform/access/authorize.ts',
  'packages/server/src/platform/records/documents.repository.ts',
  'packages/server/src/platform/records/documents-maintenance.repository.ts',
  'packages/server/src/modules/workflow/workflow.repository.ts',
  'packages/server/src/platform/db/migrations/**',
  'packages/server/src/**/*.test.ts',
  'packages/server/src/test-support/**',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'e2e/artifacts/**', 'e2e/test-results/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': ['error', ...noSqlTemplates],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', fetch: 'readonly', URLSearchParams: 'readonly' } },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@docket/*'], message: 'shared imports nothing of ours (GUIDE §3 habit 1).' },
            { group: ['node:*', 'fs', 'path', 'crypto'], message: 'shared is pure: it runs in the browser too.' },
            { group: ['kysely', 'pg', 'fastify', 'react', 'react-dom'], message: 'shared is pure TypeScript.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    ignores: accessOwners,
    rules: { 'no-restricted-syntax': ['error', ...noSqlTemplates, ...accessByConstruction] },
  },
  {
    files: ['packages/server/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverImportPatterns }] },
  },
  {
    // The server's code never depends on its test helpers (tests and their fixtures may).
    files: ['packages/server/src/**/*.ts'],
    ignores: [...testFiles, 'packages/server/src/test-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverImportPatterns,
            { group: ['**/test-support/**', ...testFiles], message: 'Only tests import test-support and test fixtures.' },
          ],
        },
      ],
    },
  },
  {
    // platform/ is the foundation the HTTP layer and the modules build on: it never imports them.
    files: ['packages/server/src/platform/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverImportPatterns,
            { group: ['**/test-support/**', ...testFiles], message: 'Only tests import test-support and test fixtures.' },
            { group: ['**/http/**'], message: 'platform/ never imports http/: the HTTP layer builds on the platform, not the reverse.' },
            { group: ['**/modules/**'], message: 'platform/ never imports modules/: the modules build on the platform, not the reverse.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/shared/src/**', '@docket/shared/*'], message: "Import shared through its public entry '@docket/shared'." },
            { group: ['@docket/server', '**/server/src/**', 'kysely', 'pg', 'fastify'], message: 'The web app never imports the server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/forms/**/*.{ts,tsx}', 'packages/web/src/lists/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'forms and lists are generic: they never import features.' }] },
      ],
    },
  },
  {
    // Every route file reads request input through its schema. This block replaces the server-wide
    // no-restricted-syntax list for route files, so it repeats the access rules (routes own no writes).
    files: ['packages/server/src/**/*.routes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noSqlTemplates, ...accessByConstruction, ...noRequestInputCasts] },
  },
  {
    // Every environment variable is read once, in config.ts, with its default; the rest of the
    // server receives values through ctx.config or arguments. Tests and test-support configure
    // the test harness itself (TEST_DATABASE_URL, seeds) and may read the environment.
    files: ['packages/server/**/*.ts'],
    ignores: ['packages/server/src/config.ts', 'packages/server/src/test-support/**', 'packages/server/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read environment variables in packages/server/src/config.ts only (ctx.config).' },
      ],
    },
  },
);
