/**
 * Import boundaries (`npm run check`, so `npm test`): an area is apps/api/src/modules/<area> or
 * apps/web/src/features/<area>; another area may import it only through its public face, its index.ts.
 * No import cycles anywhere. The contract and the other packages import neither app, and the web app does
 * not import the API. See ARCHITECTURE.md, "Import boundaries".
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle ties areas together: move what both sides need to where both can use it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'api-area-public-face',
      severity: 'error',
      comment: "An API area imports another area only through that area's index.ts.",
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'api-public-face',
      severity: 'error',
      comment: 'Code outside the areas (app, server, db, core, resources) uses an area through its index.ts.',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/modules/[^/]+/' },
      to: { path: '^apps/api/src/modules/[^/]+/', pathNot: '^apps/api/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'web-feature-public-face',
      severity: 'error',
      comment: "A web feature imports another feature only through that feature's index.ts.",
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'web-shared-code-no-features',
      severity: 'error',
      comment: 'components/ and lib/ are shared by every feature, so they import none (app/ routes to screens).',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'packages-import-no-app',
      severity: 'error',
      comment:
        'The contract (and the grading and payroll packages) are shared by both apps, so they import neither: move what they need into the package.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-imports-no-api',
      severity: 'error',
      comment: 'The web app reaches the API over HTTP through the contract, never by importing apps/api.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
