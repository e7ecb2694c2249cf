import { startApi } from '@tunafy/stack';
import { describe, expect, inject, it } from 'vitest';
import { newUser } from '../test/api-client.js';

const mongodbUri = inject('mongodbUri');
const apiEnv = inject('apiEnv');

describe('request logs', () => {
  it('are structured JSON lines and never contain session cookies, CSRF tokens or Subsonic credentials', async () => {
    const lines: string[] = [];
    const api = await startApi({ mongodbUri, env: { ...apiEnv, LOG_LEVEL: 'info' }, log: (line) => lines.push(line) });
    try {
      const client = await newUser(api.url);
      await client.get('/api/users');
      // A Subsonic app's credentials ride in the query string: an app password, a token and its salt.
      const { password } = (await client.post<{ password: string }>('/api/me/app-passwords', { json: { name: 'log test' } })).body;
      const username = client.user!.username;
      await fetch(`${api.url}/rest/ping.view?u=${username}&p=${password}&v=1.16.1&c=test&f=json`);
      await fetch(`${api.url}/rest/ping?u=${username}&t=0123456789abcdef0123456789abcdef&s=pepper-salt&v=1.16.1&c=test`);
      await fetch(`${api.url}/rest/ping?apiKey=${password}&f=json`);
      await client.post('/api/auth/logout');
      const sid = client.cookie('tunafy.sid');
      const requestLogs = lines.filter((line) => line.includes('"request completed"'));
      expect(requestLogs.length).toBeGreaterThanOrEqual(3);
      for (const line of requestLogs) expect(() => JSON.parse(line)).not.toThrow();
      const everything = lines.join('\n');
      expect(everything).toContain('[redacted]');
      expect(everything).not.toMatch(/tunafy\.sid=s%3A/);
      if (sid) expect(everything).not.toContain(sid);
      expect(everything).not.toMatch(/tunafy\.csrf=[0-9a-f]{20}/);
      expect(everything).toContain('/rest/ping.view?u=');
      for (const secret of [password, '0123456789abcdef0123456789abcdef', 'pepper-salt']) expect(everything).not.toContain(secret);
    } finally {
      await api.stop();
    }
  });
});
