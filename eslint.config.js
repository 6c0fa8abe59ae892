// Lint: the guardrails of the layout (docs/adding-a-domain.md). `npm run lint` runs it and Prettier's
// check; `npm test` runs lint first, so CI fails on a violation.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import localCycles from './scripts/eslint-no-cycle.mjs';
import tseslint from 'typescript-eslint';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== '__mocks__')
    .map((d) => d.name);

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const features = dirs(`./${WEB}/features`);
const entities = dirs(`./${WEB}/entities`);
const modules = dirs(`./${SERVER}/modules`);

/** China time is computed in one place of the web app, apps/web/src/lib/china-time.ts (docs/web-shell.md). */
const CHINA_TIME_MESSAGE = 'China time comes from lib/china-time.ts (chinaParts, chinaDay, CHINA_TIME_ZONE), not a hand-written UTC+8';
const CHINA_TIME_SYNTAX = [
  "BinaryExpression[operator='*'][left.value=8][right.value=3600000]",
  "BinaryExpression[operator='*'][left.value=8][right.value=3600]",
  'Literal[value=28800000]',
  'Literal[value=28800]',
  "Literal[value='Asia/Shanghai']",
  "Literal[value='+08:00']",
  "MemberExpression[property.name='getTimezoneOffset']",
].map((selector) => ({ selector, message: CHINA_TIME_MESSAGE }));

/** The server's China time is computed in platform/china-time.ts only (docs/server.md "China time"). */
const SERVER_CHINA_TIME = [
  // 8 * 3600 (× 1000), 3_600_000 * 8, 8 * 60 * 60 (× 1000), 8 * 60 * 60_000; the offset's value itself
  "BinaryExpression[operator='*'][left.value=8]:matches([right.value=3600], [right.value=3600000])",
  "BinaryExpression[operator='*'][right.value=8]:matches([left.value=3600], [left.value=3600000])",
  "BinaryExpression[operator='*'][left.left.value=8][left.right.value=60]:matches([right.value=60], [right.value=60000])",
  'Literal:matches([value=28800], [value=28800000])',
  'Literal[value=/\\+08:?00\\b/]',
  'TemplateElement[value.raw=/\\+08:?00\\b/]',
  "Literal[value='Asia/Shanghai']",
].map((selector) => ({
  selector,
  message: 'China time (UTC+8) comes from platform/china-time.ts: add the function there instead of the offset here',
}));

/**
 * A module's face (index.ts) exports functions and services, never its store factory: other modules, the seed and
 * the CLIs read and write a module's tables through the functions it names (docs/tables.md).
 */
const STORE_FACTORY_EXPORTS = [
  'ExportSpecifier[exportKind!="type"][local.name=/^create\\w*Store$/]',
  'ExportNamedDeclaration[exportKind!="type"] > VariableDeclaration > VariableDeclarator[id.name=/^create\\w*Store$/]',
  'ExportNamedDeclaration[exportKind!="type"] > FunctionDeclaration[id.name=/^create\\w*Store$/]',
  'ExportAllDeclaration[source.value=/\\/store[^/]*\\.ts$/]',
].map((selector) => ({ selector, message: "a module's face exports functions and services, not its store factory (docs/tables.md)" }));

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*-setup.ts', '**/*-harness.ts', '**/test/**', '**/__mocks__/**', 'e2e/**'];

/** Who may import whom (import-x/no-restricted-paths zones, paths from the repository root). */
const zones = [
  // The browser never loads server code; the contract depends on nobody.
  { target: 'apps/web', from: 'apps/server', message: 'the web app never imports server code' },
  { target: 'packages/contract', from: 'apps', message: 'the contract imports nothing from the apps' },
  // Web layers (docs/web-shell.md "Layers"): app → features → entities → ui, lib and the api client.
  ...['ui', 'api', 'lib', 'entities'].flatMap((layer) => [
    { target: `${WEB}/${layer}`, from: `${WEB}/features`, message: `${layer}/ is below the features; move the shared piece down instead` },
    { target: `${WEB}/${layer}`, from: `${WEB}/app`, message: `${layer}/ is below app/` },
  ]),
  // ui/ declares what it needs of a domain (ui/version-prices.ts) and app/ connects the entity to it.
  ...['ui', 'api', 'lib'].map((layer) => ({
    target: `${WEB}/${layer}`,
    from: `${WEB}/entities`,
    message: `${layer}/ is below the entities: domain code (queries, formatters, domain components) lives in entities/<domain>/, not here`,
  })),
  // api/ is the client only (client.ts, errors.ts, query-client.ts): a domain module added there is refused to everyone.
  {
    target: WEB,
    from: `${WEB}/api`,
    except: ['./client.ts', './errors.ts', './query-client.ts'],
    message: 'api/ holds only the client (client.ts, errors.ts, query-client.ts); domain calls live in entities/<domain>/ or the feature',
  },
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'features do not import app/; app/ lists the features' },
];

/** lib/ is below ui/ (tests of lib/ may watch the dialogs). */
const libZone = { target: `${WEB}/lib`, from: `${WEB}/ui`, message: 'lib/ is below ui/: a helper that shows a dialog belongs to an entity or a feature' };

/** No feature imports another: what two features share lives in entities/, ui/ or lib/ (tests may: journeys). */
const featureZones = [
  ...features.map((f) => ({
    target: `${WEB}/features/${f}`,
    from: `${WEB}/features`,
    except: [`./${f}`],
    message: 'a feature does not import another feature; move what both need to entities/<domain>/, ui/ or lib/',
  })),
];

/** No entity imports another (docs/web-shell.md "Layers"): a feature composes two entities' pieces. */
const entityZones = entities.map((e) => ({
  target: `${WEB}/entities/${e}`,
  from: `${WEB}/entities`,
  except: [`./${e}`],
  message: 'an entity does not import another entity; move the shared piece to ui/ or lib/, or compose both in the feature',
}));

const moduleZones = [
  // A server module reaches another only through its face, index.ts.
  ...modules.flatMap((m) =>
    modules
      .filter((other) => other !== m)
      .map((other) => ({
        target: `${SERVER}/modules/${m}`,
        from: `${SERVER}/modules/${other}`,
        except: ['./index.ts'],
        message: `import module ${other} through its face, modules/${other}/index.ts (never its store*.ts: its tables are read and written through the face's functions, docs/tables.md)`,
      })),
  ),
  // So do the seed, the CLIs and the app's module list.
  ...modules.map((m) => ({
    target: [`${SERVER}/seed`, `${SERVER}/cli`, `${SERVER}/app.ts`, `${SERVER}/main.ts`],
    from: `${SERVER}/modules/${m}`,
    except: ['./index.ts'],
    message: `import module ${m} through its face, modules/${m}/index.ts`,
  })),
  { target: `${SERVER}/platform`, from: `${SERVER}/modules`, message: 'platform/ is below the modules' },
  { target: `${SERVER}/db`, from: `${SERVER}/modules`, message: 'db/ is below the modules' },
];

export default tseslint.config(
  {
    ignores: [
      // data/: the server's database, media, uploads and live files (DATA_DIR; HLS segments are named *.ts).
      '**/data/**',
      '**/node_modules/**',
      '**/dist/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      '**/.vite/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX, local: localCycles },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // Chinese text uses the ideographic space on purpose.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      // No import circle, type-only imports included (scripts/eslint-no-cycle.mjs; import-x/no-cycle skips those).
      'local/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...moduleZones] }],
      'max-lines': ['error', { max: 300 }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      'prefer-const': ['error', { destructuring: 'all' }],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, libZone, ...featureZones, ...entityZones] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: [`${WEB}/**/*.{ts,tsx}`], rules: { 'no-restricted-syntax': ['error', ...CHINA_TIME_SYNTAX] } },
  // A feature's calls and query keys live in its api.ts (or a second <part>-api.ts of a big feature; docs/adding-a-domain.md); shared UI only draws.
  {
    files: [`${WEB}/features/**/*.{ts,tsx}`, `${WEB}/ui/**/*.{ts,tsx}`],
    ignores: [`${WEB}/features/*/api.ts`, `${WEB}/features/*/*-api.ts`, ...TESTS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/api/client'], importNames: ['call', 'callRaw'], message: "call the server from the feature's api.ts (or entities/<domain>/ when features share it)" },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "query keys come from the feature's api.ts (or entities/<domain>/api.ts): no key literals in screens",
        },
        ...CHINA_TIME_SYNTAX,
      ],
    },
  },
  // China time comes from the contract's china-time.ts only, through apps/server's platform/china-time.ts (docs/server.md
  // "China time"): no UTC+8 offset written by hand in the server, the bench or the rest of the contract.
  // Tests keep their own arithmetic on purpose: it checks the module's answers independently.
  {
    files: [`${SERVER}/**/*.ts`, 'bench/**/*.ts', 'packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/china-time.ts', ...TESTS],
    rules: {
      'no-restricted-syntax': ['error', ...SERVER_CHINA_TIME],
    },
  },
  // Module faces export no store factory (docs/tables.md).
  {
    files: [`${SERVER}/modules/*/index.ts`],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_CHINA_TIME, ...STORE_FACTORY_EXPORTS] },
  },
  // Tests may be longer, yet a test file past 400 lines is split by behaviour; they may drive several features.
  {
    files: TESTS,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...moduleZones] }],
      'max-lines': ['error', { max: 400 }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  prettier,
);
