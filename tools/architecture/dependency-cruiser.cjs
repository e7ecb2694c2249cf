// The boundary check (issue 29, docs/architecture.md): which way imports may point. Paths are from the repo root
// (`--base-dir ../..`). Violations that predate the check are listed in known-violations.json and shrink as the
// house issue moves code; a new one fails `npm test`.

/** API folders below the features: shared helpers, configuration, the database connection, metrics, the media store (GridFS port), idempotency keys. */
const API_INFRA = '(common|config|database|observability|media|idempotency)';
/** Records, repositories and their document mappers: what the catalog loads from and the features write through. */
const API_PERSISTENCE = 'persistence';
/** The domain under the features: the catalog's in-memory read model and its stores. */
const API_DOMAIN = 'catalog';
/** The HTTP edge: what controllers use to answer with express (list caching, gzip, ETag, cookies); services never do. */
const API_EDGE = 'http';
/** Everything else in services/api/src that is a folder is a feature (bootstrap wires them, test helps the tests). */
const API_FEATURE = `(?!${API_INFRA}/|${API_PERSISTENCE}/|${API_DOMAIN}/|${API_EDGE}/|bootstrap/|test/)[^/]+`;
/** What a feature shows the others: its Nest module, its services and presenters (not its repositories or internals). */
const API_PUBLIC = '[^/]+([.-]service|[.-]presenter|\\.module)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'api-infra-imports-up',
      comment: 'common/, config/, database/, observability/, media/ and idempotency/ sit under persistence, the catalog, the HTTP edge and the features: they may not import them.',
      severity: 'error',
      from: { path: `^services/api/src/${API_INFRA}/` },
      to: { path: `^services/api/src/(${API_PERSISTENCE}|${API_DOMAIN}|${API_EDGE}|${API_FEATURE})/` },
    },
    {
      name: 'api-persistence-imports-up',
      comment: 'persistence/ (records, repositories, mappers) sits under the catalog and the features: it uses infra only.',
      severity: 'error',
      from: { path: `^services/api/src/${API_PERSISTENCE}/` },
      to: { path: `^services/api/src/(${API_DOMAIN}|${API_EDGE}|${API_FEATURE})/` },
    },
    {
      name: 'api-edge-imports-features',
      comment: 'http/ serves the controllers with what answers through express; it may use the catalog and infra, never a feature.',
      severity: 'error',
      from: { path: `^services/api/src/${API_EDGE}/` },
      to: { path: `^services/api/src/${API_FEATURE}/` },
    },
    {
      name: 'api-domain-imports-edge',
      comment: 'The catalog knows nothing of HTTP: express objects stay in http/ and the controllers.',
      severity: 'error',
      from: { path: `^services/api/src/${API_DOMAIN}/`, pathNot: '\\.test\\.ts$' },
      to: { path: `^services/api/src/${API_EDGE}/` },
    },
    {
      name: 'api-domain-imports-features',
      comment: 'The catalog is under the features: it may not import a feature (records and repositories belong below it).',
      severity: 'error',
      from: { path: `^services/api/src/${API_DOMAIN}/` },
      to: { path: `^services/api/src/${API_FEATURE}/` },
    },
    {
      name: 'api-feature-internals',
      comment: "A feature talks to another through its module, services and presenters, not through the other's repositories or internals.",
      severity: 'error',
      from: { path: `^services/api/src/(${API_FEATURE})/`, pathNot: '\\.test\\.ts$' },
      to: { path: `^services/api/src/${API_FEATURE}/`, pathNot: [`^services/api/src/$1/`, `^services/api/src/${API_FEATURE}/${API_PUBLIC}`] },
    },
    {
      name: 'app-imports-other-app',
      comment: 'The shell and the remotes are built and deployed alone: they talk through the event bus and the remote contracts, never by importing each other.',
      severity: 'error',
      from: { path: '^(shell|mf-[a-z]+)/' },
      to: { path: '^(shell|mf-[a-z]+)/', pathNot: '^$1/' },
    },
    {
      name: 'package-imports-app',
      comment: 'Shared packages sit under the apps, the API, the e2e suite and the tools.',
      severity: 'error',
      // A package's bundler and test configs may use the repo's build helpers (tools/federation, tools/vitest).
      from: { path: '^packages/', pathNot: '\\.config\\.[cm]?ts$' },
      to: { path: '^(shell|mf-[a-z]+|services|e2e|tools)/' },
    },
    {
      name: 'deep-import-into-package',
      comment: "Outside a package, only its entries (package.json exports: src/index.ts and sub-entries such as src/test/index.ts) are used, never another file under its src/.",
      severity: 'error',
      from: { path: '^(?:(packages/[^/]+)|(?!packages/)[^/]+)/' },
      to: { path: '^packages/[^/]+/src/', pathNot: ['^$1/', '^packages/[^/]+/src/(index|[^/]+/index)\\.tsx?$'] },
    },
    {
      name: 'tools-import-e2e',
      comment: 'Build and bench tools do not depend on the browser test suite.',
      severity: 'error',
      from: { path: '^tools/' },
      to: { path: '^e2e/' },
    },
    {
      name: 'library-feature-imports-feature',
      comment: "mf-library's feature folders do not import each other: shared parts live in components/ and lib/ (STYLE.md, bulletproof-react).",
      severity: 'error',
      from: { path: '^mf-library/src/features/([^/]+)/' },
      to: { path: '^mf-library/src/features/', pathNot: ['^mf-library/src/features/$1/', '^mf-library/src/features/shared/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The fixtures are a small repo of their own that the check's test cruises to prove each rule fires.
    exclude: { path: ['(^|/)(node_modules|dist|test-results|playwright-report|\\.data)/', '^tools/architecture/fixtures/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, '../../tsconfig.base.json') },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['@tunafy/source', 'import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    // Source files import each other as './x.js' (NodeNext); the file on disk is x.ts.
    extraExtensionsToScan: ['.mts', '.cts'],
  },
};
