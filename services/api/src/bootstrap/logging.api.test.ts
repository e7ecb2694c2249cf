import { startApi } from '@tunafy/stack';
import { describe, expect, inject, it } from 'vitest';
import { newUser } from '../test/api-client.js';

const mongodbUri = inject('mongodbUri');
const apiEnv = inject('apiEnv');

describe('request logs', () => {
  it('are structured JSON lines and never contain session cookies or CSRF tokens', async () => {
    const lines: string[] = [];
    const api = await startApi({ mongodbUri, env: { ...apiEnv, LOG_LEVEL: 'info' }, log: (line) => lines.push(line) });
    try {
      const client = await newUser(api.url);
      await client.get('/api/users');
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
    } finally {
      await api.stop();
    }
  });
});
