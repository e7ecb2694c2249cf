/**
 * How every Tunafy bundle of React parts compiles its sources: the remotes (remote-config.ts) and
 * @tunafy/ui's gallery, so the parts look and behave in the gallery as they do in a remote.
 * `prefix` names the app in every class and keyframes name: readable in devtools, never equal to another app's.
 */
export function reactModuleOptions({ dev, prefix }: { dev: boolean; prefix: string }) {
  return {
    // Default-import CSS Modules (`styles.card`), the same shape vitest gives the component tests.
    // Custom properties keep their names: each remote declares its own on a local root class
    // (theme.module.css), and the shell's page-wide tokens (--tf-*) must stay readable.
    parser: { 'css/module': { namedExports: false, dashedIdents: false } },
    generator: { 'css/module': { localIdentName: dev ? `${prefix}__[name]__[local]` : `${prefix}-[hash:6]` } },
    rules: [
      {
        test: /\.tsx?$/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: dev } },
          },
        },
        type: 'javascript/auto',
      },
      // CSS Modules only: federation gives no style isolation, so nothing of a remote's may be global.
      { test: /\.module\.css$/, type: 'css/module' },
    ],
  };
}

/** Workspace packages expose their TypeScript sources under '@tunafy/source'. */
export const SOURCE_CONDITION_NAMES = ['@tunafy/source', 'browser', 'import', 'module', 'default'];
