// The ONE shared-dependency config for every Tunafy Module Federation app (the shell and each mf-* remote).
// Import it from rspack.config.* by relative path (`require('../tools/federation/shared.cjs')` or
// `import federation from '../tools/federation/shared.cjs'`) so host and remotes can never drift apart.
//
// Why each choice:
// - singleton: React, the router and rxjs hold module-level state (hooks dispatcher, router context,
//   Subject identity); two copies on one page break hooks or silently split the event bus.
// - react-router, not react-router-dom: since v7 react-router-dom only re-exports react-router (its
//   `export *` would also defeat the tree shaking below). Apps import from 'react-router'.
// - requiredVersion comes from the installed package.json so the range moves with the lockfile, not by hand.
// - 'react-dom/' and 'react/' (trailing slash) share subpath imports such as react-dom/client and
//   react/jsx-runtime; without them each app bundles its own copy of those entry points.
// - eager stays false everywhere: every app boots through an async boundary (index -> import('./bootstrap')).
// - shareStrategy 'loaded-first' (use SHARE_STRATEGY below): the default 'version-first' fetches every
//   remote entry at start, so one offline remote would stall the shell.
// - SHARED_SURFACE: see below.
'use strict';

const path = require('node:path');
const fs = require('node:fs');

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Version of a package as installed at the repository root (workspace packages are symlinked there). */
function installedVersion(name) {
  const file = path.join(REPO_ROOT, 'node_modules', name, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

const SINGLETONS = ['react', 'react-dom', 'react-router', 'rxjs', '@tunafy/event-bus', '@tunafy/api-client'];

/**
 * The exports of react-router and rxjs that Tunafy apps may import: the platform's shared surface.
 *
 * A shared module is normally built whole, because the app that provides it cannot know what the others
 * will use: react-router (60 kB gzip) and rxjs (18 kB) were a third of the guest home page's JavaScript.
 * Module Federation's shared tree shaking keeps only the listed exports. Every app builds its copy from
 * this same list, so whichever copy the page loads first has every export any app uses.
 *
 * shell/src/federation/shared-surface.test.ts fails when an app imports anything outside the list, so
 * growing it is a deliberate platform change: deploy the shell built with the new list before a remote
 * that needs it (docs/deploying-remotes.md).
 */
const SHARED_SURFACE = {
  // Declarative routing only (BrowserRouter, Routes, useRoutes): the data router (createBrowserRouter,
  // RouterProvider, loaders) would double the router's bytes on every page; see shell/src/app/routes.tsx.
  'react-router': [
    'BrowserRouter',
    'Link',
    'NavLink',
    'Navigate',
    'Outlet',
    'Route',
    'Routes',
    'matchRoutes',
    'useInRouterContext',
    'useLocation',
    'useNavigate',
    'useParams',
    'useRoutes',
    'useSearchParams',
  ],
  rxjs: ['BehaviorSubject', 'Observable', 'ReplaySubject', 'Subject', 'distinctUntilChanged', 'filter', 'map'],
};

/** Share keys for subpath imports, tied to the version of their package. */
const SUBPATH_KEYS = { 'react/': 'react', 'react-dom/': 'react-dom' };

function createShared() {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name);
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version };
    const usedExports = SHARED_SURFACE[name];
    if (usedExports) shared[name].treeShaking = { mode: 'runtime-infer', usedExports };
  }
  for (const [key, pkg] of Object.entries(SUBPATH_KEYS)) {
    const version = installedVersion(pkg);
    shared[key] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
}

const SHARE_STRATEGY = 'loaded-first';

/**
 * resolve.alias entries for production builds. react-router 7 publishes a production build beside its
 * development one but selects between them with no export condition a bundler sets, so every build got the
 * development copy: dev warnings compiled in and ~0.6 kB gzip more on every page. Every app aliases the same
 * file, so the shared singleton is the production copy whichever app provides it.
 */
function productionAliases() {
  const dir = path.join(REPO_ROOT, 'node_modules', 'react-router');
  // The file bundlers pick (the ES module entry, "import" condition), in the production folder instead.
  const esmEntry = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).exports['.'].import.default;
  const production = path.join(dir, esmEntry.replace('/development/', '/production/'));
  if (!esmEntry.includes('/development/') || !fs.existsSync(production)) {
    throw new Error(`react-router's production build was not found (${production}): check its package exports`);
  }
  return { 'react-router$': production };
}

module.exports = { createShared, productionAliases, SHARE_STRATEGY, SINGLETONS, SHARED_SURFACE };
