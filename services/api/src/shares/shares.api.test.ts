import { createHash } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { ObjectId } from 'mongodb';
import { SHARE_MESSAGES, type CreatedShare, type Playlist, type SharedItem } from '@tunafy/contracts';
import { startApi } from '@tunafy/stack';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser, type ApiResponse } from '../test/api-client.js';
import { announceDirectWrite, createAlbum, createSong, eventually, fileId, form } from '../test/fixtures.js';
import { apiSuite, expectCursorPaging, HEX_ID, ISO_DATE, UNKNOWN_ID, type TestUser } from '../test/suite.js';

// Share links (issue 28, docs/shares.md) against the real API process and database.

const apiUrl = inject('apiUrl');
const { db } = await apiSuite();
const guest = () => new ApiClient(apiUrl);

async function share(client: ApiClient, kind: string, id: string, expires_at?: string | null): Promise<CreatedShare> {
  const response = await client.post<CreatedShare>('/api/shares', { json: { kind, id, ...(expires_at !== undefined ? { expires_at } : {}) } });
  if (response.status !== 201) throw new Error(`share failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function createPlaylist(client: ApiClient, fields: { name?: string; private?: boolean } = {}): Promise<Playlist> {
  const response = await client.post<Playlist>('/api/playlists/new', { form: form({ playlist_name: fields.name ?? 'Shared Mix', private: String(fields.private ?? false) }) });
  if (response.status !== 201) throw new Error(`create playlist failed: ${response.status}`);
  return response.body;
}

async function albumOf(owner: TestUser, names: string[]) {
  const album = await createAlbum(owner, { album_name: 'Shared Album' });
  const songs = [];
  for (const song_name of names) {
    const song = await createSong(owner, { song_name });
    expect((await owner.put(`/api/albums/${album.id}/add`, { json: { song_id: song.id } })).status).toBe(200);
    songs.push(song);
  }
  return { album, songs };
}

/** A page asked for with another Host header (fetch will not send one), as the gateways pass the browser's on. */
function pageViaHost(path: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${apiUrl}${path}`, { headers: { host } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    request.on('error', reject);
  });
}

const streamPath = (token: string, songId: string) => `/api/shares/${token}/songs/${songId}/stream`;

/** Every way a link does not open answers this, byte for byte. */
const NOT_FOUND = { statusCode: 404, code: 'NOT_FOUND', message: SHARE_MESSAGES.notFound };

function expectNoPrivateData(response: ApiResponse, owner: TestUser): void {
  const text = response.raw.toString('utf8');
  expect(text).not.toContain('@example.com');
  expect(text).not.toContain(owner.user.id);
}

describe('making, listing and revoking shares', () => {
  it('makes an unguessable link for the owner, lists it newest first with cursors, and revokes it', async () => {
    const owner = await newUser(apiUrl, 'sharer');
    const song = await createSong(owner, { song_name: 'Sharable' });
    const other = await createSong(owner, { song_name: 'Also Sharable' });
    const made = await share(owner, 'song', song.id);
    expect(made).toEqual({
      id: expect.stringMatching(HEX_ID),
      kind: 'song',
      item_id: song.id,
      item_name: 'Sharable',
      created_at: expect.stringMatching(ISO_DATE),
      expires_at: null,
      opens: 0,
      state: 'active',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      url: `${apiUrl}/s/${made.token}`,
      embed_url: `${apiUrl}/embed/${made.token}`,
    });
    // Only the token's hash is stored.
    const stored = await db.collection('shares').findOne({ _id: new ObjectId(made.id) });
    expect(JSON.stringify(stored)).not.toContain(made.token);
    const second = await share(owner, 'song', other.id);
    expect(made.token).not.toBe(second.token);

    const list = await owner.get('/api/me/shares');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ shares: [expect.objectContaining({ id: second.id }), expect.objectContaining({ id: made.id })], next_cursor: null, total: 2 });
    expect(list.body.shares[0]).not.toHaveProperty('token');
    await expectCursorPaging(owner, '/api/me/shares', 'shares');
    // Someone else's list is their own.
    expect((await (await newUser(apiUrl)).get('/api/me/shares')).body.total).toBe(0);

    expect((await guest().get(`/api/shares/${made.token}`)).status).toBe(200);
    const stranger = await newUser(apiUrl);
    expect((await stranger.delete(`/api/shares/${made.id}`)).status).toBe(404);
    expect((await guest().delete(`/api/shares/${made.id}`)).status).toBe(401);
    expect((await owner.delete('/api/shares/nope')).body.code).toBe('INVALID_ID');
    expect((await owner.delete(`/api/shares/${made.id}`)).body).toEqual({ id: made.id, deleted: true });
    expect((await owner.delete(`/api/shares/${made.id}`)).status).toBe(404);

    const revoked = await guest().get(`/api/shares/${made.token}`);
    expect(revoked.status).toBe(404);
    expect(revoked.body).toEqual(NOT_FOUND);
    expect((await guest().get(streamPath(made.token, song.id))).status).toBe(404);
    expect((await owner.get('/api/me/shares')).body.shares.map((row: { id: string }) => row.id)).toEqual([second.id]);
  });

  it('shares only your own songs, albums and public playlists, with clear messages', async () => {
    const owner = await newUser(apiUrl, 'owner');
    const bob = await newUser(apiUrl, 'bob');
    const song = await createSong(owner);
    const album = await createAlbum(owner);
    const secret = await createPlaylist(owner, { private: true });
    const open = await createPlaylist(owner);

    const forbidden = await bob.post('/api/shares', { json: { kind: 'song', id: song.id } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(SHARE_MESSAGES.notYours);
    expect((await bob.post('/api/shares', { json: { kind: 'album', id: album.id } })).status).toBe(403);
    expect((await bob.post('/api/shares', { json: { kind: 'playlist', id: open.id } })).status).toBe(403);
    // Someone else's private playlist is as missing as elsewhere.
    expect((await bob.post('/api/shares', { json: { kind: 'playlist', id: secret.id } })).status).toBe(404);

    const refused = await owner.post('/api/shares', { json: { kind: 'playlist', id: secret.id } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: SHARE_MESSAGES.privatePlaylist });

    expect((await owner.post('/api/shares', { json: { kind: 'song', id: UNKNOWN_ID } })).status).toBe(404);
    expect((await owner.post('/api/shares', { json: { kind: 'album', id: song.id } })).status).toBe(404);
    expect((await owner.post('/api/shares', { json: { kind: 'artist', id: song.id } })).body.errors).toHaveProperty('kind');
    expect((await owner.post('/api/shares', { json: { kind: 'song', id: 'nope' } })).body.errors).toHaveProperty('id');
    expect((await owner.post('/api/shares', { json: { kind: 'song', id: song.id, expires_at: '2001-01-01T00:00:00Z' } })).body.errors).toEqual({ expires_at: SHARE_MESSAGES.expiresInPast });
    expect((await owner.post('/api/shares', { json: { kind: 'song', id: song.id, expires_at: 'tomorrow' } })).status).toBe(400);
    expect((await guest().post('/api/shares', { json: { kind: 'song', id: song.id } })).status).toBe(401);
    expect((await owner.post('/api/shares', { json: { kind: 'song', id: song.id }, withoutCsrf: true })).status).toBe(403);
    expect((await share(owner, 'playlist', open.id)).kind).toBe('playlist');
  });
});

describe('opening a share without an account', () => {
  it('shows an album with its tracks in order and nothing else, and streams only its songs, with Range', async () => {
    const owner = await newUser(apiUrl, 'albumist');
    const { album, songs } = await albumOf(owner, ['One', 'Two', 'Three']);
    const outsider = await createSong(owner, { song_name: 'Not In It' });
    const made = await share(owner, 'album', album.id);

    const read = await guest().get<SharedItem>(`/api/shares/${made.token}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('private, no-cache');
    expect(read.body).toEqual({
      kind: 'album',
      name: 'Shared Album',
      by: [owner.user.username],
      description: null,
      cover_url: album.album_cover_url,
      song_count: 3,
      songs: songs.map((song) => ({
        id: song.id,
        name: song.song_name,
        artists: [owner.user.username],
        album_name: 'Shared Album',
        duration: song.duration,
        track: null,
        cover_url: song.song_cover_url,
        stream_url: streamPath(made.token, song.id),
        can_play_type: 'audio/mpeg',
      })),
      expires_at: null,
    });
    expectNoPrivateData(read, owner);
    // The stored audio's own URL (/api/files/...) is never given out: only the share's stream.
    for (const song of songs) expect(read.raw.toString()).not.toContain(fileId(song.song_file_url));

    const whole = await guest().get(streamPath(made.token, songs[1]!.id));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.raw.length).toBeGreaterThan(1000);
    const part = await guest().get(streamPath(made.token, songs[1]!.id), { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.raw.length}`);
    expect(part.raw).toEqual(whole.raw.subarray(100, 200));

    // Songs outside the album, even the owner's: 404, as is a song id that is no id.
    expect((await guest().get(streamPath(made.token, outsider.id))).status).toBe(404);
    expect((await guest().get(streamPath(made.token, UNKNOWN_ID))).status).toBe(404);
    expect((await guest().get(streamPath(made.token, 'nope'))).status).toBe(400);
    // The stored file's own URL still needs an account.
    expect((await guest().get(songs[0]!.song_file_url)).status).toBe(401);

    // Opens are counted.
    const listed = await owner.get('/api/me/shares');
    expect(listed.body.shares[0].opens).toBeGreaterThanOrEqual(1);
  });

  it('plays a public playlist in its order; made private, the link stops and the owner sees why', async () => {
    const owner = await newUser(apiUrl, 'curator');
    const songs = [await createSong(owner, { song_name: 'P1' }), await createSong(owner, { song_name: 'P2' })];
    const playlist = await createPlaylist(owner, { name: 'Road Trip' });
    for (const song of [...songs].reverse()) await owner.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: song.id } });
    const made = await share(owner, 'playlist', playlist.id);
    const read = await guest().get<SharedItem>(`/api/shares/${made.token}`);
    expect(read.body).toMatchObject({ kind: 'playlist', name: 'Road Trip', by: [owner.user.username], song_count: 2 });
    expect(read.body.songs.map((song) => song.name)).toEqual(['P2', 'P1']);
    expect((await guest().get(streamPath(made.token, songs[0]!.id), { headers: { range: 'bytes=0-9' } })).status).toBe(206);

    // The spec chooses the flag at creation; a playlist made private later (directly in the database here) stops.
    await db.collection('playlists').updateOne({ _id: new ObjectId(playlist.id) }, { $set: { private: true } });
    await announceDirectWrite(db);
    // The API sees a direct write after its reload, which a loaded machine can stretch past a read's 2 s wait for it.
    const hidden = await eventually(() => guest().get(`/api/shares/${made.token}`), (answer) => answer.status === 404);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(NOT_FOUND);
    expect((await guest().get(streamPath(made.token, songs[0]!.id))).status).toBe(404);
    expect((await owner.get('/api/me/shares')).body.shares).toEqual([expect.objectContaining({ id: made.id, state: 'private', item_name: 'Road Trip' })]);
  });

  it('dies with its item: a deleted song or album answers 404 and leaves the owner’s list', async () => {
    const owner = await newUser(apiUrl, 'deleter');
    const song = await createSong(owner);
    const { album } = await albumOf(owner, ['Gone Soon']);
    const songShare = await share(owner, 'song', song.id);
    const albumShare = await share(owner, 'album', album.id);
    expect((await owner.delete(`/api/songs/${song.id}`)).status).toBe(200);
    expect((await owner.delete(`/api/albums/${album.id}`)).status).toBe(200);
    for (const made of [songShare, albumShare]) expect((await guest().get(`/api/shares/${made.token}`)).body).toEqual(NOT_FOUND);
    expect((await owner.get('/api/me/shares')).body).toEqual({ shares: [], next_cursor: null, total: 0 });
    await expect.poll(() => db.collection('shares').countDocuments({ user_id: new ObjectId(owner.user.id) })).toBe(0);
  });

  it('answers the same 404 for a guessed, malformed, revoked and expired token', async () => {
    const owner = await newUser(apiUrl, 'expirer');
    const song = await createSong(owner);
    const soon = await share(owner, 'song', song.id, new Date(Date.now() + 1500).toISOString());
    expect(soon.expires_at).toEqual(expect.stringMatching(ISO_DATE));
    expect((await guest().get(`/api/shares/${soon.token}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const expired = await guest().get(`/api/shares/${soon.token}`);
    const guessed = await guest().get(`/api/shares/${'A'.repeat(22)}`);
    const malformed = await guest().get('/api/shares/short');
    for (const answer of [expired, guessed, malformed]) {
      expect(answer.status).toBe(404);
      expect(answer.raw.toString()).toBe(JSON.stringify(NOT_FOUND));
    }
    expect((await owner.get('/api/me/shares')).body.shares[0]).toMatchObject({ id: soon.id, state: 'expired' });
  });
});

describe('the share page, the embed and oEmbed', () => {
  it('renders Open Graph tags with absolute URLs, escapes names, and frames only the embed', async () => {
    const owner = await newUser(apiUrl, 'pager');
    const name = '<script>alert("x")</script> & Co';
    const song = await createSong(owner, { song_name: name });
    const made = await share(owner, 'song', song.id);

    const page = await guest().get(`/s/${made.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = page.raw.toString('utf8');
    const escaped = '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co';
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(`<meta property="og:title" content="${escaped}">`);
    expect(html).toContain(`<title>${escaped} · Tunafy</title>`);
    expect(html).toContain(`<meta property="og:image" content="${apiUrl}${song.song_cover_url}">`);
    expect(html).toContain(`<meta property="og:audio" content="${apiUrl}${streamPath(made.token, song.id)}">`);
    expect(html).toContain(`<meta property="og:url" content="${apiUrl}/s/${made.token}">`);
    expect(html).toContain('<meta name="twitter:card" content="player">');
    expect(html).toContain(`<link rel="alternate" type="application/json+oembed" href="${apiUrl}/api/oembed?url=${encodeURIComponent(`${apiUrl}/s/${made.token}`)}&#38;format=json"`);
    // The player's data: JSON no name can break out of.
    const data = /<script type="application\/json" id="share-data">(.*?)<\/script>/su.exec(html)![1]!;
    expect(JSON.parse(data).name).toBe(name);
    expectNoPrivateData(page, owner);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const embed = await guest().get(`/embed/${made.token}`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(embed.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(embed.raw.toString()).toContain(`href="${apiUrl}/s/${made.token}"`);

    // The player is inlined (one request less before it plays) and allowed by its hash, no other script.
    const script = /<script>(.+?)<\/script>/su.exec(html)![1]!;
    expect(script.length).toBeGreaterThan(500);
    const hash = createHash('sha256').update(script, 'utf8').digest('base64');
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'sha256-${hash}';`);

    // A guest's page view makes no session.
    expect(page.headers.get('set-cookie')).toBeNull();

    // PUBLIC_URL aside, the origin follows the gateway's Host.
    expect(await pageViaHost(`/s/${made.token}`, 'music.example.org')).toContain(`<meta property="og:url" content="http://music.example.org/s/${made.token}">`);
  });

  it('answers a link that does not open with an HTML 404 page', async () => {
    for (const path of [`/s/${'B'.repeat(22)}`, '/embed/not-a-token']) {
      const page = await guest().get(path);
      expect(page.status).toBe(404);
      expect(page.raw.toString()).toContain('This link is not available');
    }
  });

  it('describes a share as an oEmbed rich card with the embed in an iframe', async () => {
    const owner = await newUser(apiUrl, 'embedder');
    const { album } = await albumOf(owner, ['Card One']);
    const made = await share(owner, 'album', album.id);
    const answer = await guest().get(`/api/oembed?url=${encodeURIComponent(made.url)}&format=json`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      version: '1.0',
      type: 'rich',
      title: 'Shared Album',
      author_name: owner.user.username,
      provider_name: 'Tunafy',
      provider_url: `${apiUrl}/`,
      html: expect.stringContaining(`<iframe src="${apiUrl}/embed/${made.token}" width="480" height="352"`),
      width: 480,
      height: 352,
      thumbnail_url: `${apiUrl}${album.album_cover_url}`,
      thumbnail_width: 600,
      thumbnail_height: 600,
      cache_age: 3600,
    });
    expect((await guest().get(`/api/oembed?url=${encodeURIComponent(made.embed_url)}&maxwidth=300`)).body.width).toBe(300);
    expect((await guest().get(`/api/oembed?url=${encodeURIComponent(`${apiUrl}/albums/${album.id}`)}`)).status).toBe(404);
    expect((await guest().get('/api/oembed')).status).toBe(400);
  });
});

describe('guessing is rate limited', () => {
  it('answers 429 to an address past SHARE_RATE_LIMIT links that did not open in a minute, even for a good link', async () => {
    const owner = await newUser(apiUrl, 'limited');
    const made = await share(owner, 'song', (await createSong(owner)).id);
    const limited = await startApi({ mongodbUri: inject('mongodbUri'), env: { ...inject('apiEnv'), SHARE_RATE_LIMIT: '3' } });
    try {
      const client = new ApiClient(limited.url);
      expect((await client.get(`/api/shares/${made.token}`)).status).toBe(200);
      for (let guess = 0; guess < 3; guess++) expect((await client.get(`/api/shares/${String(guess).repeat(22)}`)).status).toBe(404);
      const refused = await client.get(`/api/shares/${made.token}`);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: SHARE_MESSAGES.rateLimited });
      expect((await client.get(`/s/${made.token}`)).status).toBe(429);
      expect((await client.get(streamPath(made.token, made.item_id))).status).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});
