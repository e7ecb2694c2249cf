import { describe, expect, it } from 'vitest';
import { MESSAGES, hasExtension, loginSchema, playlistFieldsSchema, signupFormSchema, signupSchema, songFieldsSchema, songRefSchema, validate } from './index.js';

describe('signup', () => {
  it('reports every required field by name', () => {
    const result = validate(signupSchema, {});
    expect(result).toEqual({
      ok: false,
      errors: { email: MESSAGES.emailRequired, username: MESSAGES.usernameRequired, password: MESSAGES.passwordRequired },
    });
  });

  it('uses the spec text, trailing space included, for a short password', () => {
    const result = validate(signupSchema, { email: 'a@b.co', username: 'ab', password: '12345' });
    expect(result).toEqual({ ok: false, errors: { password: 'Password must be at least 6 characters. ' } });
  });

  it('lower-cases and trims the email', () => {
    const result = validate(signupSchema, { email: '  Ann@Example.COM ', username: 'ann', password: 'secret1' });
    expect(result.ok && result.value.email).toBe('ann@example.com');
  });

  it('rejects operator objects instead of passing them to the database', () => {
    const result = validate(loginSchema, { email: { $ne: null }, password: { $gt: '' } });
    expect(result.ok).toBe(false);
  });

  it('distinguishes the page and modal confirmation messages', () => {
    const form = { email: 'a@b.co', username: 'ann', password: 'secret1', confirm_password: 'secret2' };
    expect(validate(signupFormSchema('page'), form)).toEqual({ ok: false, errors: { confirm_password: 'Confirm Password field must be the same as the Password field. ' } });
    expect(validate(signupFormSchema('modal'), form)).toEqual({ ok: false, errors: { confirm_password: 'Confirm Password field must be the same as the Password field.' } });
  });
});

describe('library forms', () => {
  it('requires a non-blank name', () => {
    expect(validate(songFieldsSchema, { song_name: '   ' })).toEqual({ ok: false, errors: { song_name: 'Name is required.' } });
  });

  it('reads the private flag from form text', () => {
    const parsed = (value: unknown) => playlistFieldsSchema.parse({ playlist_name: 'x', private: value }).private;
    expect([parsed('true'), parsed('on'), parsed(true), parsed('false'), parsed(undefined)]).toEqual([true, true, true, false, false]);
  });

  it('stores an empty description as null', () => {
    expect(playlistFieldsSchema.parse({ playlist_name: 'x', description: '  ' }).description).toBeNull();
  });

  it('checks song ids', () => {
    expect(validate(songRefSchema, { song_id: 'nope' }).ok).toBe(false);
    expect(validate(songRefSchema, { song_id: '0123456789abcdef01234567' }).ok).toBe(true);
  });

  it('matches file extensions case-insensitively', () => {
    expect(hasExtension('Cover.JPG', ['jpg'])).toBe(true);
    expect(hasExtension('song.mp3.exe', ['mp3'])).toBe(false);
    expect(hasExtension('noext', ['mp3'])).toBe(false);
  });
});

describe('names', () => {
  it('refuses control and text-direction characters that could spoof another name in lists', () => {
    for (const bad of ['\u202Eevil', 'nul\u0000byte', 'tab\there', '\u2067isolate', 'mark\u200F']) {
      expect(validate(songFieldsSchema, { song_name: bad }), JSON.stringify(bad)).toEqual({ ok: false, errors: { song_name: MESSAGES.nameHiddenCharacters } });
      expect(validate(playlistFieldsSchema, { playlist_name: bad }).ok).toBe(false);
    }
    expect(validate(playlistFieldsSchema, { playlist_name: 'ok', description: 'line one\nline two' }).ok).toBe(true);
    expect(validate(playlistFieldsSchema, { playlist_name: 'ok', description: '\u202Eevil' })).toEqual({ ok: false, errors: { description: MESSAGES.descriptionHiddenCharacters } });
    expect(validate(songFieldsSchema, { song_name: 'Sigur Rós — Ágætis byrjun (שלום, مرحبا)' }).ok).toBe(true);
  });
});
