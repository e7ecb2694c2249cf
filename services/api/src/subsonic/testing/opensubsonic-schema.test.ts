import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSubsonicError, checkSubsonicResponse, OPENSUBSONIC_SOURCE_COMMIT } from './opensubsonic-schema.js';

// fixtures/*.json: the spec's own examples, verbatim from content/en/docs (Endpoints/<method>.md, the
// "OpenSubsonic" tab; error.json from Responses/error.md) at the commit in OPENSUBSONIC_VERSION.
function fixture(name: string): { 'subsonic-response': Record<string, unknown> } {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}

const mismatch = (method: string) =>
  `${method}: the answer does not match OpenSubsonic (${OPENSUBSONIC_SOURCE_COMMIT.slice(0, 7)}):`;
const ENVELOPE = { status: 'ok', version: '1.16.1', type: 'tunafy', serverVersion: '1.0.0', openSubsonic: true };
const SONG = { id: 's1', isDir: false, title: 'Song', duration: 103, created: '2026-01-02T03:04:05.000Z' };
const ALBUM = { id: 'a1', name: 'Album', songCount: 1, duration: 103, created: '2026-01-02T03:04:05.000Z' };

function withAlbum(album: Record<string, unknown>) {
  return { 'subsonic-response': { ...ENVELOPE, album } };
}

describe('checkSubsonicResponse', () => {
  it('uses the bundled spec commit', () => {
    expect(OPENSUBSONIC_SOURCE_COMMIT).toMatch(/^[0-9a-f]{40}$/);
  });

  it.each(['ping', 'getLicense', 'getOpenSubsonicExtensions', 'getArtists', 'getGenres', 'getPlayQueue', 'getArtistInfo2'])(
    "accepts the spec's %s example as it is",
    (method) => {
      expect(() => checkSubsonicResponse(method, fixture(method))).not.toThrow();
    },
  );

  it('takes the method as called: with .view or the /rest/ path', () => {
    expect(() => checkSubsonicResponse('ping.view', fixture('ping'))).not.toThrow();
    expect(() => checkSubsonicResponse('/rest/getLicense.view', fixture('getLicense'))).not.toThrow();
  });

  it("accepts the spec's getAlbum and search3 examples, but by default names the fields they add beyond the schema", () => {
    expect(() => checkSubsonicResponse('getAlbum', fixture('getAlbum'), { allowUndeclaredProperties: true })).not.toThrow();
    expect(() => checkSubsonicResponse('search3', fixture('search3'), { allowUndeclaredProperties: true })).not.toThrow();

    // Legacy Subsonic fields on the album, and a userRating that ArtistID3 does not declare.
    expect(() => checkSubsonicResponse('getAlbum', fixture('getAlbum'))).toThrow(
      [
        mismatch('getAlbum'),
        '  $.subsonic-response.album.parent is not in the spec',
        '  $.subsonic-response.album.album is not in the spec',
        '  $.subsonic-response.album.title is not in the spec',
        '  $.subsonic-response.album.isDir is not in the spec',
      ].join('\n'),
    );
    expect(() => checkSubsonicResponse('search3', fixture('search3'))).toThrow(
      '$.subsonic-response.searchResult3.artist[0].userRating is not in the spec',
    );
  });

  it('accepts a failed answer with the spec example error, for any method, binary ones too', () => {
    const failed = { 'subsonic-response': { ...ENVELOPE, status: 'failed', error: fixture('error') } };
    for (const method of ['ping', 'getAlbum', 'search3', 'stream', 'getCoverArt']) {
      expect(() => checkSubsonicResponse(method, failed)).not.toThrow();
      expect(() => checkSubsonicError(method, failed, 42)).not.toThrow();
    }
    expect(() => checkSubsonicError('getAlbum', failed, 70)).toThrow(
      'getAlbum: expected error 70, got error 42 (Authentication mechanism not supported. Use API keys)',
    );
    expect(() => checkSubsonicError('ping', fixture('ping'), 70)).toThrow('ping: expected error 70, got status ok');
  });

  it('rejects a missing required field, with the method and the JSON path', () => {
    const { name: _name, ...nameless } = ALBUM;
    expect(() => checkSubsonicResponse('getAlbum', withAlbum({ ...nameless, song: [SONG] }))).toThrow(
      `${mismatch('getAlbum')}\n  $.subsonic-response.album must have required property 'name'`,
    );
    // AlbumID3WithSongs requires the list even when it is empty.
    expect(() => checkSubsonicResponse('getAlbum', withAlbum(ALBUM))).toThrow(
      "$.subsonic-response.album must have required property 'song'",
    );
    const { isDir: _isDir, ...notDir } = SONG;
    expect(() => checkSubsonicResponse('getAlbum', withAlbum({ ...ALBUM, song: [notDir] }))).toThrow(
      "$.subsonic-response.album.song[0] must have required property 'isDir'",
    );
  });

  it('rejects a wrong type, a bad date and a bad enum value', () => {
    expect(() => checkSubsonicResponse('getAlbum', withAlbum({ ...ALBUM, song: [{ ...SONG, duration: '103' }] }))).toThrow(
      '$.subsonic-response.album.song[0].duration must be integer (got "103")',
    );
    expect(() => checkSubsonicResponse('getAlbum', withAlbum({ ...ALBUM, created: '2026-01-02 03:04', song: [] }))).toThrow(
      '$.subsonic-response.album.created must match format "date-time"',
    );
    expect(() => checkSubsonicResponse('getAlbum', withAlbum({ ...ALBUM, song: [{ ...SONG, userRating: 9 }] }))).toThrow(
      '$.subsonic-response.album.song[0].userRating must be <= 5 (got 9)',
    );
    // The spec's own getUser example sends its booleans as strings.
    expect(() => checkSubsonicResponse('getUser', fixture('getUser'))).toThrow(
      '$.subsonic-response.user.adminRole must be boolean (got "false")',
    );
  });

  it('rejects a broken envelope: none at all, OpenSubsonic fields missing, a failure without its error', () => {
    expect(() => checkSubsonicResponse('ping', {})).toThrow("$ must have required property 'subsonic-response'");
    expect(() => checkSubsonicResponse('ping', { 'subsonic-response': { status: 'ok', version: '1.16.1' } })).toThrow(
      "$.subsonic-response must have required property 'openSubsonic'",
    );
    const failed = { 'subsonic-response': { ...ENVELOPE, status: 'failed' } };
    expect(() => checkSubsonicResponse('getAlbum', failed)).toThrow(
      `${mismatch('getAlbum')}\n  $.subsonic-response must have required property 'error'`,
    );
    const badCode = { 'subsonic-response': { ...ENVELOPE, status: 'failed', error: { code: 404, message: 'x' } } };
    expect(() => checkSubsonicResponse('getAlbum', badCode)).toThrow(
      '$.subsonic-response.error.code must be equal to one of the allowed values (got 404)',
    );
  });

  it('rejects a misspelt optional field unless told to allow undeclared properties', () => {
    const answer = withAlbum({ ...ALBUM, song: [{ ...SONG, replayGain: { trackGain: -6.5, trackgain: 1 } }] });
    expect(() => checkSubsonicResponse('getAlbum', answer)).toThrow(
      '$.subsonic-response.album.song[0].replayGain.trackgain is not in the spec',
    );
    expect(() => checkSubsonicResponse('getAlbum', answer, { allowUndeclaredProperties: true })).not.toThrow();
  });

  it('refuses a method the spec does not have', () => {
    expect(() => checkSubsonicResponse('getEverything', fixture('ping'))).toThrow('OpenSubsonic has no method "getEverything"');
  });
});
