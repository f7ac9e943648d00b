// ESLint (flat config): typescript-eslint and react-hooks recommended, plus the import and global rules
// that keep the layers apart. Each rule says why in its message. Run: npm run lint.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const TEST_FILES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  'tests/**',
  'bench/**',
  'src/engine/testing/**',
  'src/workers/testing/**',
];

/** Only the engine's index is its public face: the rest may change or move into the worker freely. */
const ENGINE_INTERNALS = {
  regex: String.raw`(^|/)engine/(?!index$)[^/]+`,
  message:
    'Import the engine through src/engine/index.ts only: its files are internals that may change or move (tests may use src/engine/testing/*).',
};
const ENGINE_INTERNALS_BUT_TESTING = {
  regex: String.raw`(^|/)engine/(?!index$|testing/)[^/]+`,
  message: ENGINE_INTERNALS.message,
};

/** The engine and the shared code run in a worker and on the server: no view, no store, no app or worker code. */
const VIEW_FREE = [
  {
    group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'react-router/*', 'react-i18next'],
    message: 'src/engine and src/shared run in a worker and on the server: they import no React.',
  },
  {
    group: ['valtio', 'valtio/*'],
    message: 'src/engine and src/shared hold no view store: the app adapts them to valtio.',
  },
  { group: ['i18next', 'i18next/*'], message: 'src/engine and src/shared are language-free: the app translates.' },
  {
    regex: String.raw`(^|/)(app|workers)(/|$)`,
    message: 'src/engine and src/shared import nothing from src/app or src/workers: the dependency goes the other way.',
  },
];

/**
 * ROOM-1: a feature is a room with one door. A file of `src/app/features/<a>/` imports from another feature only
 * its `index` (the door); app code outside the features (the platform) likewise, and the route table also each
 * feature's `routes` (ROOM-2). A link to another feature's screen takes its address from the app's table of
 * screens (`src/app/ui/appPaths.ts`, ROOM-3), never from that feature's `paths`. Imports are relative, so each
 * pattern is written for the depth of the importing file: from `features/<a>/x/y.ts` (depth 1) `../../<b>/` is
 * another feature's folder, and `../../../features/<b>/` the same reached through `src/app`. (Going out of one's
 * own room and back in is refused too: write it the short way.)
 */
const FEATURE_DOOR = String.raw`(?!index(\.tsx?)?$)[^/]`;
const PLATFORM_DOORS = String.raw`(?!(routes|index)(\.tsx?)?$)[^/]`;
const ROOM_MESSAGE =
  "A feature is a room with one door (ROOM-1): import another feature's index only (the route table: its routes too). A link to another feature's screen takes its address from src/app/ui/appPaths.ts (ROOM-3); what several features use belongs in a platform module (src/app/ui, data, money, session...).";
const MAX_DEPTH = 5;
const up = (n) => (n === 0 ? String.raw`\./` : String.raw`(\.\./){${n}}`);
/** Files `levels` folders below `base`, as a glob. */
const atDepth = (base, levels) => `${base}/${'*/'.repeat(levels)}*.{ts,tsx}`;
const ROOM_BLOCKS = [];
for (let k = 0; k <= MAX_DEPTH; k++) {
  ROOM_BLOCKS.push({
    files: atDepth('src/app/features/*', k),
    room: [
      String.raw`^${up(k + 1)}(?!\.\./)[^/]+/${FEATURE_DOOR}`,
      String.raw`^${up(k + 2)}features/[^/]+/${FEATURE_DOOR}`,
    ],
  });
}
for (let k = 0; k <= MAX_DEPTH; k++) {
  ROOM_BLOCKS.push({
    files: atDepth('src/app', k),
    ignores: ['src/app/features/**'],
    room: [String.raw`^${up(k)}features/[^/]+/${PLATFORM_DOORS}`],
  });
}
/** One no-restricted-imports entry per room block, for app code and for its tests (a later block replaces the rule's options, so each repeats the engine's pattern). */
const roomConfigs = () =>
  ROOM_BLOCKS.flatMap(({ files, ignores = [], room }) => {
    const patterns = room.map((regex) => ({ regex, message: ROOM_MESSAGE }));
    return [
      {
        files: [files],
        ignores: [...ignores, ...TEST_FILES],
        rules: { 'no-restricted-imports': ['error', { patterns: [ENGINE_INTERNALS, ...patterns] }] },
      },
      {
        files: [[files, '**/*.test.{ts,tsx}']],
        ignores,
        rules: { 'no-restricted-imports': ['error', { patterns: [ENGINE_INTERNALS_BUT_TESTING, ...patterns] }] },
      },
    ];
  });

/** The timer and frame globals: the engine takes them through EngineDeps, the app through its clock (CLOCK-1). */
const TIMER_GLOBALS = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'requestAnimationFrame',
  'cancelAnimationFrame',
];
const ENGINE_GLOBAL =
  'The engine takes its platform through EngineDeps (src/engine/types.ts) so it runs in a worker, in Node and under fake time.';
const ENGINE_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'location',
  'self',
  'globalThis',
  ...TIMER_GLOBALS,
  'queueMicrotask',
  'fetch',
  'WebSocket',
  'process',
  'performance',
].map((name) => ({ name, message: `${name}: ${ENGINE_GLOBAL}` }));

const APP_CLOCK =
  'The app reads time and schedules work through its clock (src/app/time/clock.ts, CLOCK-1), so tests drive it.';
/** The view runs in a browser: no Node modules or globals outside its tests (selectors for no-restricted-syntax). */
const NO_NODE_IN_VIEW = [
  ...['ImportDeclaration', 'ImportExpression', 'ExportNamedDeclaration', 'ExportAllDeclaration'].map((node) => ({
    selector: `${node}[source.value=/^node:/]`,
    message: 'The view runs in a browser: no Node modules outside its tests.',
  })),
  {
    selector: 'MemberExpression[object.name=/^(process|Buffer)$/], Identifier[name=/^(__dirname|__filename)$/]',
    message: 'The view runs in a browser: no Node globals outside its tests.',
  },
  {
    selector: "CallExpression[callee.name='require']",
    message: 'The view runs in a browser: no require outside its tests.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'data/**',
      'node_modules/**',
      'bench/results/**',
      'docs/**',
      'scripts/gates/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // TypeScript resolves names; this rule does not know type-only globals.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // The rules of hooks and their dependency lists. The React Compiler rules of react-hooks 7
    // (refs, set-state-in-effect, purity...) are not on yet: see the report of issue 10 for what they find.
    // Plain-TypeScript tests render nothing: a helper there named use* (useFetch) is not a hook.
    files: ['src/app/**/*.{ts,tsx}', 'bench/naive/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/workers/**/*.ts'],
    languageOptions: { globals: globals.worker },
  },
  {
    files: ['server/**', 'tests/**', 'bench/**', 'scripts/**', '*.config.{js,ts}', '**/*.test.{ts,tsx}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Test support that reads whatever JSON the real server sent (replies and socket frames) so that tests
    // can assert on any field, including wrong ones: typing these as the protocol's unions would make a test
    // of a malformed reply fail to compile instead of fail. Only these three places; everything else is typed.
    files: ['server/src/testing/harness.ts', 'server/src/ws/testClient.ts', 'tests/accounts-server-api.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Outside the engine: its index only.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/engine/**', ...TEST_FILES],
    rules: { 'no-restricted-imports': ['error', { patterns: [ENGINE_INTERNALS] }] },
  },
  {
    files: TEST_FILES,
    ignores: ['src/engine/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ENGINE_INTERNALS_BUT_TESTING] }] },
  },
  // The view runs in a browser: no Node. tsconfig.app.json gives its tests Node's types (the view and its tests
  // are type-checked once, together), so here the view's own files are kept from Node.
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, 'src/app/i18n/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...NO_NODE_IN_VIEW] },
  },
  // The app: a feature is a room with one door (ROOM-1).
  ...roomConfigs(),
  // The engine and shared: no view, no store, no app or worker code.
  {
    files: ['src/engine/**/*.ts', 'src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: VIEW_FREE }] },
  },
  // The engine: no browser or Node globals (its fakes and tests excepted).
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/testing/**', 'src/engine/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', ...ENGINE_GLOBALS],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: `Date.now: use deps.clock.now(). ${ENGINE_GLOBAL}` },
        { object: 'globalThis', message: `globalThis: ${ENGINE_GLOBAL}` },
        { object: 'window', message: `window: ${ENGINE_GLOBAL}` },
        { object: 'self', message: `self: ${ENGINE_GLOBAL}` },
        { object: 'performance', property: 'now', message: `performance.now: ${ENGINE_GLOBAL}` },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: `new Date() reads the wall clock: use deps.clock.now(). ${ENGINE_GLOBAL}`,
        },
      ],
    },
  },
  // The app: time, timers and frames through its clock (CLOCK-1), the clock itself and tests excepted.
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/time/clock.ts', 'src/app/i18n/testing/**', ...TEST_FILES],
    rules: {
      'no-restricted-globals': ['error', ...TIMER_GLOBALS.map((name) => ({ name, message: `${name}: ${APP_CLOCK}` }))],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: `Date.now: use clock.now(). ${APP_CLOCK}` },
        { object: 'performance', message: `performance: use clock.monotonic(). ${APP_CLOCK}` },
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          [...TIMER_GLOBALS, 'performance'].map((property) => ({
            object,
            property,
            message: `${object}.${property}: ${APP_CLOCK}`,
          })),
        ),
      ],
      // One rule's options replace another block's: the view's Node selectors are repeated here (files in both).
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: `new Date() reads the wall clock: use new Date(clock.now()). ${APP_CLOCK}`,
        },
        ...NO_NODE_IN_VIEW,
      ],
    },
  },
);
