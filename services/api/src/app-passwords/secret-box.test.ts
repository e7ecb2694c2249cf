import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  it('opens what it sealed, and the sealed form does not contain the secret', () => {
    const box = new SecretBox('server key one');
    const sealed = box.seal('hunter2-app-password');
    expect(sealed.sealed).not.toContain('hunter2');
    expect(box.open(sealed)).toEqual({ plain: 'hunter2-app-password', stale: false });
  });

  it('seals the same secret differently each time (a fresh IV)', () => {
    const box = new SecretBox('server key one');
    expect(box.seal('same').sealed).not.toBe(box.seal('same').sealed);
  });

  it('opens secrets sealed with a previous key, marked stale, after a rotation', () => {
    const sealed = new SecretBox('old key').seal('secret');
    const rotated = new SecretBox('new key', ['old key']);
    expect(rotated.open(sealed)).toEqual({ plain: 'secret', stale: true });
    expect(new SecretBox('new key').open(sealed)).toBeNull();
  });

  it('refuses a tampered ciphertext', () => {
    const box = new SecretBox('k');
    const sealed = box.seal('secret');
    const bytes = Buffer.from(sealed.sealed, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(box.open({ ...sealed, sealed: bytes.toString('base64') })).toBeNull();
  });
});
