import { mountPlayground } from '@tunafy/app-kit/dev';

// Only the standalone dev page boots from here; the shell loads our exposed modules directly.
mountPlayground(() => import('./dev/playground'));
