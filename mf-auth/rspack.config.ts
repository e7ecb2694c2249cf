import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteExposes } from '@tunafy/remote-contracts';
import { defineRemoteConfig } from '../tools/federation/remote-config.ts';

export default defineRemoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_auth',
  devPort: Number(process.env.MF_AUTH_PORT ?? 3001),
  exposes: {
    './LoginPage': './src/app/login-page.tsx',
    './SignupPage': './src/app/signup-page.tsx',
    './AuthModals': './src/app/auth-modals.tsx',
    './meta': './src/app/meta.ts',
  } satisfies RemoteExposes<'mf_auth'>,
});
