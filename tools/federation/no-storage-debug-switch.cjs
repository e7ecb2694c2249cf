/**
 * Rspack loader for @module-federation/sdk's env.js: the runtime's debug switch no longer reads localStorage.
 *
 * Why: the runtime asks isDebugMode() while its modules evaluate, and that read is the page's first use of
 * localStorage, which opens the storage area synchronously inside the entry's long task: 1.0-6.5 ms (median 1.7),
 * 4x that on Lighthouse's phone (issue 31, decision 0024). The switch still works as a global:
 * `window.FEDERATION_DEBUG = true` before the entry runs.
 */
const READ = 'if (isBrowserEnv() && window.localStorage) return Boolean(localStorage.getItem(BROWSER_LOG_KEY));';

module.exports = function noStorageDebugSwitch(source) {
  // A federation upgrade that reshapes the check must fail the build, not ship the read again unnoticed.
  if (!source.includes(READ)) throw new Error('@module-federation/sdk env.js no longer has the localStorage debug read this loader removes: review tools/federation/no-storage-debug-switch.cjs');
  return source.replace(READ, 'if (false) return Boolean(localStorage.getItem(BROWSER_LOG_KEY));');
};

/** The module the loader applies to (the ES build esm-runtime.ts makes rspack bundle). */
module.exports.SDK_ENV = /@module-federation[\\/]sdk[\\/]dist[\\/]env\.js$/;
