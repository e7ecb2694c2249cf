/**
 * Which build of mf-library is running, shown as `data-build` on the home page root. Set at build time
 * (rspack.config.ts: TUNAFY_BUILD_LABEL, else the package version); `dev` in unit tests.
 */
export const BUILD_LABEL: string = typeof __TUNAFY_BUILD_LABEL__ === 'string' ? __TUNAFY_BUILD_LABEL__ : 'dev';
