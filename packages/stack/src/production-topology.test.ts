import { execFileSync } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './paths.js';
import { LoopbackDns, requireNginx } from './production-topology.js';
import { scratchDirs } from './test-support.js';

// The pieces of the production topology that a failure in the e2e drills would otherwise leave unexplained:
// the DNS nginx resolves the compose service names with, and tools/deploy/render.sh's configuration-only
// differences from the images. The topology itself runs in e2e/specs/production.spec.ts.

describe('LoopbackDns', () => {
  const dns = new LoopbackDns();
  const resolver = new Resolver({ timeout: 2_000, tries: 1 });
  beforeAll(async () => {
    await dns.start();
    resolver.setServers([`127.0.0.1:${dns.port}`]);
  });
  afterAll(() => dns.stop());

  it('answers every address of a scaled service, as Docker’s DNS does', async () => {
    dns.set('api', ['127.0.0.2', '127.0.0.3']);
    expect((await resolver.resolve4('api')).sort()).toEqual(['127.0.0.2', '127.0.0.3']);
    dns.set('api', ['127.0.0.3']);
    expect(await resolver.resolve4('api')).toEqual(['127.0.0.3']);
  });

  it('answers NXDOMAIN for a name it does not know', async () => {
    await expect(resolver.resolve4('not-a-service')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('tools/deploy/render.sh', () => {
  const scratch = scratchDirs('tunafy-render-');
  const render = (server: string, prefix: string, env: Record<string, string> = {}) =>
    execFileSync('bash', [join(repoRoot(), 'tools/deploy/render.sh'), server, prefix], { env: { ...process.env, ...env }, encoding: 'utf8' });

  it('renders the gateway with the image’s variables, overridden by the environment, paths and port moved into the prefix', async () => {
    const nginx = requireNginx();
    const prefix = await scratch();
    render('gateway', prefix, {
      TUNAFY_LISTEN: '127.0.0.1:18080',
      NGINX_LOCAL_RESOLVERS: '127.0.0.1:5353',
      TUNAFY_API_UPSTREAM: 'api:4000',
      TUNAFY_MAX_BODY_SIZE: '',
    });
    const conf = readFileSync(join(prefix, 'conf.d/default.conf'), 'utf8');
    expect(conf).toContain('resolver 127.0.0.1:5353 valid=10s ipv6=off;');
    expect(conf).toContain('listen 127.0.0.1:18080;');
    expect(conf).toContain('set $tunafy_api        api:4000;');
    // Not set: the Dockerfile's ENV default, as in the image.
    expect(conf).toContain('set $tunafy_shell      shell:8080;');
    expect(conf).toContain('client_max_body_size 50m;');
    expect(conf).toContain(`include ${prefix}/tunafy/proxy-api.conf;`);
    expect(conf).toContain(`root ${prefix}/srv/gateway;`);
    // Only the image's variables were substituted: nginx's own remain.
    expect(conf).toContain('proxy_pass http://$tunafy_api;');
    expect(conf).not.toMatch(/\$\{(NGINX_LOCAL_RESOLVERS|TUNAFY_[A-Z_]+)\}/);
    execFileSync(nginx, ['-t', '-q', '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'logs/error.log')]);
  });

  it('renders a remote’s static server as the Dockerfile assembles it, and refuses an unknown server', async () => {
    const prefix = await scratch();
    render('mf-player', prefix);
    const conf = readFileSync(join(prefix, 'conf.d/default.conf'), 'utf8');
    expect(conf).toContain('location /mf-player/ {');
    expect(conf).toContain(`root ${prefix}/srv/www;`);
    // No TUNAFY_LISTEN: the image's port, unchanged (what the lint checks).
    expect(conf).toContain('listen 8080;');
    expect(() => render('mf-unknown', prefix)).toThrow(/unknown server 'mf-unknown'/);
  });
});
