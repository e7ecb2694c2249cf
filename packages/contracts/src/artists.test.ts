import { describe, expect, it } from 'vitest';
import { ARTIST_LIMITS, artistKey, artistLetter, artistsQuerySchema, cleanArtistName, creditsFromTags, validate } from './index.js';

describe('artist names', () => {
  it('makes one key of case, accents and spacing variants, and keeps the spelling it is given', () => {
    expect(artistKey('Björk')).toBe(artistKey('  bjork '));
    expect(artistKey('BJÖRK')).toBe(artistKey('Bjork'));
    expect(artistKey('Sigur Rós')).toBe('sigur ros');
    expect(cleanArtistName('  Sigur   Rós\u202e ')).toBe('Sigur Rós');
    expect(artistKey('Radiohead')).not.toBe(artistKey('Radiohead 2'));
  });

  it('cuts a name at the limit by characters, and lists names under their first letter or #', () => {
    expect([...cleanArtistName('é'.repeat(500))]).toHaveLength(ARTIST_LIMITS.nameMax);
    expect(cleanArtistName('\u0000\u0007 ')).toBe('');
    expect(artistLetter(artistKey('Ólafur Arnalds'))).toBe('O');
    expect(artistLetter(artistKey('2Pac'))).toBe('#');
    expect(artistLetter(artistKey('坂本龍一'))).toBe('#');
  });

  it('takes one letter A–Z or # as the list filter, and refuses anything else', () => {
    expect(validate(artistsQuerySchema, { letter: 'b' })).toEqual({ ok: true, value: { letter: 'B' } });
    expect(validate(artistsQuerySchema, { letter: '#' })).toEqual({ ok: true, value: { letter: '#' } });
    for (const letter of ['', 'ab', '1', 'é']) expect(validate(artistsQuerySchema, { letter }).ok, letter).toBe(false);
  });
});

describe('creditsFromTags', () => {
  it('credits the separate values tags hold, in order, and never splits a name on "&", "feat." or ","', () => {
    expect(creditsFromTags({ artist: 'Alpha, Beta', artists: ['Alpha', 'Beta'] }).artists).toEqual(['Alpha', 'Beta']);
    expect(creditsFromTags({ artist: 'Simon & Garfunkel feat. X', artists: ['Simon & Garfunkel feat. X'] }).artists).toEqual(['Simon & Garfunkel feat. X']);
    expect(creditsFromTags({ artist: 'Solo' }).artists).toEqual(['Solo']);
    expect(creditsFromTags({})).toEqual({});
  });

  it('reads an ID3v2.3 artist frame as one name, as music-metadata split it on "/"', () => {
    const native = { 'ID3v2.3': [{ id: 'TPE1', value: 'AC' }, { id: 'TPE1', value: 'DC' }, { id: 'TPE2', value: 'AC/DC' }] };
    expect(creditsFromTags({ artist: 'AC', artists: ['AC', 'DC'], albumartist: 'AC/DC' }, native)).toEqual({ artists: ['AC/DC'], albumArtist: 'AC/DC' });
    // ID3v2.4 separates with NUL, which the parser already split: those values stand.
    expect(creditsFromTags({ artists: ['A', 'B'] }, { 'ID3v2.4': [{ id: 'TPE1', value: 'A' }, { id: 'TPE1', value: 'B' }] }).artists).toEqual(['A', 'B']);
  });

  it('keeps each artist once, at most the limit, cleaned, and aligns MusicBrainz ids only when there is one per name', () => {
    const many = Array.from({ length: 5000 }, (_, index) => `Singer ${index}`);
    expect(creditsFromTags({ artists: many }).artists).toHaveLength(ARTIST_LIMITS.creditsMax);
    expect(creditsFromTags({ artists: ['Björk', 'bjork ', '', ' \u0007 '] }).artists).toEqual(['Björk']);
    const mbid = 'a74b1b7f-71a5-4011-9441-d0b5e4122711';
    expect(creditsFromTags({ artists: ['Radiohead'], musicbrainz_artistid: [mbid.toUpperCase()], artistsort: 'Radiohead' })).toEqual({ artists: ['Radiohead'], artistMbids: [mbid], artistSort: 'Radiohead' });
    expect(creditsFromTags({ artists: ['A', 'B'], musicbrainz_artistid: [mbid] }).artistMbids).toBeUndefined();
    // A sort tag sorts the whole credit: kept only for a single artist.
    expect(creditsFromTags({ artists: ['A', 'B'], artistsort: 'A & B' }).artistSort).toBeUndefined();
  });

  it('reads the album artist, its sort name and id, and the compilation flag', () => {
    expect(creditsFromTags({ albumartist: 'The Beatles', albumartistsort: 'Beatles, The', compilation: true })).toEqual({ albumArtist: 'The Beatles', albumArtistSort: 'Beatles, The', compilation: true });
    expect(creditsFromTags({ compilation: false })).toEqual({});
  });
});
