import argon2 from 'argon2';
import { ObjectId } from 'mongodb';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser, uniqueName } from '../test/api-client.js';
import { connectDb } from '../test/fixtures.js';
import { expectCursorPaging, expectValidationFailed } from '../test/suite.js';

const apiUrl = inject('apiUrl');
const mongodbUri = inject('mongodbUri');

describe('signup', () => {
  it('creates the account, logs in, and answers the session user without secrets', async () => {
    const client = new ApiClient(apiUrl);
    const username = uniqueName('ann');
    const response = await client.post('/api/auth/signup', { json: { email: `${username}@Example.com`, username, password: 'secret1' } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), username, email: `${username}@example.com` });
    const session = await client.get('/api/auth/');
    expect(session.status).toBe(200);
    expect(session.body).toEqual(response.body);
    expect(client.cookie('tunafy.sid')).toBeTruthy();
    expect(response.headers.getSetCookie().find((line) => line.startsWith('tunafy.sid='))).toMatch(/HttpOnly/i);
    expect(response.headers.getSetCookie().find((line) => line.startsWith('tunafy.sid='))).toMatch(/SameSite=Lax/i);
  });

  it('reports each missing field under its name', async () => {
    const response = await new ApiClient(apiUrl).post('/api/auth/signup', { json: {} });
    expectValidationFailed(response, { email: 'Email is required.', username: 'Username is required.', password: 'Password is required.' });
  });

  it('uses the spec message for a short password', async () => {
    const username = uniqueName('bob');
    const response = await new ApiClient(apiUrl).post('/api/auth/signup', { json: { email: `${username}@example.com`, username, password: '12345' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ password: 'Password must be at least 6 characters. ' });
  });

  it('rejects an invalid email', async () => {
    const response = await new ApiClient(apiUrl).post('/api/auth/signup', { json: { email: 'not-an-email', username: uniqueName('c'), password: 'secret1' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ email: 'Email is invalid.' });
  });

  it('names the taken field for a duplicate email or username, whatever the case', async () => {
    const existing = await newUser(apiUrl);
    const byEmail = await new ApiClient(apiUrl).post('/api/auth/signup', {
      json: { email: existing.user.email.toUpperCase(), username: uniqueName('d'), password: 'secret1' },
    });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body).toMatchObject({ code: 'CONFLICT', errors: { email: 'Email address is already in use.' } });
    const byUsername = await new ApiClient(apiUrl).post('/api/auth/signup', {
      json: { email: `${uniqueName('e')}@example.com`, username: existing.user.username.toUpperCase(), password: 'secret1' },
    });
    expect(byUsername.status).toBe(409);
    expect(byUsername.body.errors).toEqual({ username: 'Username is already in use.' });
  });
});

describe('login', () => {
  it('logs in with the right password', async () => {
    const existing = await newUser(apiUrl);
    const client = new ApiClient(apiUrl);
    const response = await client.post('/api/auth/login', { json: { email: existing.user.email, password: existing.password } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(existing.user);
    expect((await client.get('/api/auth/')).body).toEqual(existing.user);
  });

  it('replaces a hash made with older parameters at the next login, and the password keeps working', async () => {
    const existing = await newUser(apiUrl);
    const { db, close } = await connectDb(mongodbUri);
    try {
      const users = db.collection<{ _id: ObjectId; password_hash: string }>('users');
      const id = new ObjectId(existing.user.id);
      // The library's defaults (64 MiB, 3 passes, 4 lanes): what every account made before this change holds.
      const old = await argon2.hash(existing.password, { type: argon2.argon2id });
      await users.updateOne({ _id: id }, { $set: { password_hash: old } });
      const first = await new ApiClient(apiUrl).post('/api/auth/login', { json: { email: existing.user.email, password: existing.password } });
      expect(first.status).toBe(200);
      const upgraded = (await users.findOne({ _id: id }))!.password_hash;
      expect(upgraded).not.toBe(old);
      expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      const again = await new ApiClient(apiUrl).post('/api/auth/login', { json: { email: existing.user.email, password: existing.password } });
      expect(again.status).toBe(200);
      expect((await users.findOne({ _id: id }))!.password_hash).toBe(upgraded);
    } finally {
      await close();
    }
  });

  it('puts a wrong password under the password field', async () => {
    const existing = await newUser(apiUrl);
    const response = await new ApiClient(apiUrl).post('/api/auth/login', { json: { email: existing.user.email, password: 'wrong-password' } });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'UNAUTHENTICATED', errors: { password: 'Email or password is incorrect.' } });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const response = await new ApiClient(apiUrl).post('/api/auth/login', { json: { email: `${uniqueName('nobody')}@example.com`, password: 'whatever1' } });
    expect(response.status).toBe(401);
    expect(response.body.errors).toEqual({ password: 'Email or password is incorrect.' });
  });

  it('requires both fields', async () => {
    const response = await new ApiClient(apiUrl).post('/api/auth/login', { json: {} });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ email: 'Email is required.', password: 'Password is required.' });
  });

  it('refuses operator injection in the JSON body', async () => {
    await newUser(apiUrl);
    const response = await new ApiClient(apiUrl).post('/api/auth/login', { json: { email: { $ne: null }, password: { $ne: null } } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  it('changes the session id on login (no fixation)', async () => {
    const existing = await newUser(apiUrl);
    const before = existing.cookie('tunafy.sid');
    await existing.post('/api/auth/login', { json: { email: existing.user.email, password: existing.password } });
    expect(existing.cookie('tunafy.sid')).toBeTruthy();
    expect(existing.cookie('tunafy.sid')).not.toBe(before);
  });
});

describe('session check and logout', () => {
  it('answers 401 with an errors object for a guest', async () => {
    const response = await new ApiClient(apiUrl).get('/api/auth/');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED', errors: { auth: 'Unauthorized' } });
  });

  it("answers the web app's probe with 200 either way: null for a guest, the user once logged in (no 401 in a guest's console)", async () => {
    const guest = await new ApiClient(apiUrl).get('/api/auth/session');
    expect(guest.status).toBe(200);
    expect(guest.body).toEqual({ user: null });
    const client = await newUser(apiUrl);
    const member = await client.get('/api/auth/session');
    expect(member.status).toBe(200);
    expect(member.body).toEqual({ user: client.user });
    await client.post('/api/auth/logout');
    expect((await client.get('/api/auth/session')).body).toEqual({ user: null });
  });

  it('ends the session on the server: the old cookie no longer works', async () => {
    const client = await newUser(apiUrl);
    const stolen = client.withBaseUrl(apiUrl);
    const response = await client.post('/api/auth/logout');
    expect(response.status).toBe(200);
    expect((await client.get('/api/auth/')).status).toBe(401);
    expect((await stolen.get('/api/auth/')).status).toBe(401);
  });

  it('still accepts GET /api/auth/logout as the spec has it', async () => {
    const client = await newUser(apiUrl);
    expect((await client.get('/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/auth/')).status).toBe(401);
  });

  it('refuses a cross-site GET logout', async () => {
    const client = await newUser(apiUrl);
    const response = await client.get('/api/auth/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(403);
    expect((await client.get('/api/auth/')).status).toBe(200);
  });
});

describe('CSRF protection', () => {
  it('refuses state-changing calls without the token', async () => {
    const client = await newUser(apiUrl);
    const response = await client.post('/api/auth/logout', { withoutCsrf: true });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('CSRF_INVALID');
    expect((await client.get('/api/auth/')).status).toBe(200);
  });

  it('refuses a token that belongs to someone else', async () => {
    const victim = await newUser(apiUrl);
    const attacker = await newUser(apiUrl);
    const response = await victim.post('/api/auth/logout', { withoutCsrf: true, headers: { 'x-csrf-token': await attacker.csrf() } });
    expect(response.status).toBe(403);
  });

  it('protects login too', async () => {
    const response = await new ApiClient(apiUrl).post('/api/auth/login', { json: { email: 'a@b.co', password: 'x' }, withoutCsrf: true });
    expect(response.status).toBe(403);
  });
});

describe('users', () => {
  it('lists ids and usernames only, and only to logged-in users', async () => {
    const client = await newUser(apiUrl);
    const response = await client.get('/api/users');
    expect(response.status).toBe(200);
    const me = response.body.users.find((user: { id: string }) => user.id === client.user.id);
    expect(me).toEqual({ id: client.user.id, username: client.user.username });
    expect(JSON.stringify(response.body)).not.toContain('@example.com');
    expect((await new ApiClient(apiUrl).get('/api/users')).status).toBe(401);
  });

  it('pages with limit and cursor', async () => {
    const client = await newUser(apiUrl);
    await newUser(apiUrl);
    const [first, second] = await expectCursorPaging(client, '/api/users', 'users');
    expect(second.body.users[0].id).not.toBe(first.body.users[0].id);
  });
});
