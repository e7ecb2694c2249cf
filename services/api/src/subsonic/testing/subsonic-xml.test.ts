import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSubsonicResponse, OPENSUBSONIC_SOURCE_COMMIT } from './opensubsonic-schema.js';
import { xmlToSubsonicJson } from './subsonic-xml.js';

// fixtures/: the spec's own examples, verbatim from content/en/docs at the commit in OPENSUBSONIC_VERSION (the
// docs have XML for only a few methods). The other XML here is written for these tests, in the docs' values.
function fixture(file: string): string {
  return readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8');
}
function jsonFixture(name: string): { 'subsonic-response': Record<string, unknown> } {
  return JSON.parse(fixture(`${name}.json`));
}

const ROOT_ATTRIBUTES =
  'xmlns="http://subsonic.org/restapi" version="1.16.1" type="AwesomeServerName" serverVersion="0.1.3 (tag)" openSubsonic="true"';

function answer(inner: string, status = 'ok'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<subsonic-response ${ROOT_ATTRIBUTES} status="${status}">${inner}</subsonic-response>`;
}

/** The XML answer and the docs' JSON answer of the same data. */
const SAME_AS_DOCS_JSON: [string, string][] = [
  ['ping', ''],
  ['getLicense', '<license valid="true" email="demo@demo.org" licenseExpires="2017-04-11T10:42:50.842Z" trialExpires="2017-04-11T10:42:50.842Z"/>'],
  [
    'getOpenSubsonicExtensions',
    `<openSubsonicExtensions name="template"><versions>1</versions><versions>2</versions></openSubsonicExtensions>
     <openSubsonicExtensions name="transcodeOffset"><versions>1</versions></openSubsonicExtensions>
     <openSubsonicExtensions name="sonicSimilarity"><versions>1</versions></openSubsonicExtensions>
     <openSubsonicExtensions name="topSongsByArtistId"><versions>1</versions></openSubsonicExtensions>`,
  ],
  [
    'getArtists',
    `<artists ignoredArticles="The An A Die Das Ein Eine Les Le La">
       <index name="C">
         <artist id="100000016" name="CARNÚN" coverArt="ar-100000016" albumCount="1"/>
         <artist id="100000027" name="Chi.Otic" coverArt="ar-100000027" albumCount="0"/>
       </index>
       <index name="I"><artist id="100000013" name="IOK-1" coverArt="ar-100000013" albumCount="1"/></index>
     </artists>`,
  ],
  [
    'getGenres',
    `<genres>
       <genre songCount="1" albumCount="1">Punk</genre><genre songCount="4" albumCount="1">Dark Ambient</genre>
       <genre songCount="6" albumCount="1">Noise</genre><genre songCount="11" albumCount="1">Electronica</genre>
       <genre songCount="11" albumCount="1">Dance</genre><genre songCount="12" albumCount="1">Electronic</genre>
       <genre songCount="20" albumCount="1">Hip-Hop</genre>
     </genres>`,
  ],
  [
    'getPlayQueue',
    `<playQueue current="1234" position="1000" username="user" changed="2023-03-10T02:19:35.784818075Z" changedBy="example client">
       <entry id="1234" parent="200000021" title="Can I Help U?" isDir="false" isVideo="false" type="music"
         albumId="200000021" album="Forget and Remember" artistId="100000036" artist="Comfort Fit" coverArt="1234"
         duration="103" bitRate="216" bitDepth="16" samplingRate="44100" channelCount="2" track="1" year="2005"
         genre="Hip-Hop" size="2811819" discNumber="1" suffix="mp3" contentType="audio/mpeg"
         path="user/Comfort Fit/Forget And Remember/1 - Can I Help U?.mp3"/>
     </playQueue>`,
  ],
  [
    'getArtistInfo2',
    `<artistInfo2>
       <biography>Empty biography</biography><musicBrainzId>1</musicBrainzId>
       <smallImageUrl>http://localhost:8989/play/art/f20070e8e11611cc53542a38801d60fa/artist/2/thumb34.jpg</smallImageUrl>
       <mediumImageUrl>http://localhost:8989/play/art/2b9b6c057cd4bf21089ce7572e7792b6/artist/2/thumb64.jpg</mediumImageUrl>
       <largeImageUrl>http://localhost:8989/play/art/e18287c23a75e263b64c31b3d64c1944/artist/2/thumb174.jpg</largeImageUrl>
     </artistInfo2>`,
  ],
];

describe('xmlToSubsonicJson', () => {
  it('turns the spec example XML of getLyricsBySongId into its JSON example', () => {
    const json = xmlToSubsonicJson('getLyricsBySongId', fixture('getLyricsBySongId-enhanced.xml'));
    expect(json).toEqual(jsonFixture('getLyricsBySongId-enhanced'));
    checkSubsonicResponse('getLyricsBySongId', json);
  });

  it("types the spec example XML of getIndexes by the schema (the docs' JSON of it has strings)", () => {
    expect(() => checkSubsonicResponse('getIndexes', jsonFixture('getIndexes'))).toThrow(
      '$.subsonic-response.indexes.lastModified must be integer (got "237462836472342")',
    );
    const json = xmlToSubsonicJson('getIndexes', fixture('getIndexes.xml'));
    const indexes = json['subsonic-response'].indexes as Record<string, unknown[]> & { lastModified: number };
    expect(json['subsonic-response'].openSubsonic).toBe(true);
    expect(indexes.lastModified).toBe(237462836472342);
    expect(indexes.index[1]).toEqual({ name: 'B', artist: [{ name: 'Bob Dylan', id: '4' }] }); // one artist, still a list
    expect(indexes.child[0]).toMatchObject({ id: '111', isDir: false, track: 7, size: 8421341, coverArt: '24' });
    // The example itself has a date without a time zone, which date-time does not allow.
    expect(() => checkSubsonicResponse('getIndexes', json)).toThrow(
      `getIndexes: the answer does not match OpenSubsonic (${OPENSUBSONIC_SOURCE_COMMIT.slice(0, 7)}):\n` +
        '  $.subsonic-response.indexes.index[0].artist[2].starred must match format "date-time" (got "2013-11-02T12:30:00")',
    );
  });

  it.each(SAME_AS_DOCS_JSON)("turns %s's XML into the spec's JSON example", (method, inner) => {
    const json = xmlToSubsonicJson(method, answer(inner));
    expect(json).toEqual(jsonFixture(method));
    checkSubsonicResponse(method, json);
  });

  it('turns an error answer into the JSON one, for any method', () => {
    const xml = answer(
      '<error code="42" message="Authentication mechanism not supported. Use API keys" helpUrl="https://example.org/users/apiKey"/>',
      'failed',
    );
    const expected = { 'subsonic-response': { ...jsonFixture('ping')['subsonic-response'], status: 'failed', error: jsonFixture('error') } };
    for (const method of ['getAlbum', 'stream']) {
      expect(xmlToSubsonicJson(method, xml)).toEqual(expected);
      checkSubsonicResponse(method, expected);
    }
  });

  it('reads the OpenSubsonic shapes of an album: nested objects, lists of objects and of strings, entities', () => {
    const song = {
      id: 's-1', parent: 'al-1', isDir: false, title: 'So What', album: 'Kind of Blue', artist: 'Miles Davis', track: 1,
      discNumber: 1, year: 1959, genre: 'Jazz', coverArt: 'al-1', size: 8421341, contentType: 'audio/mpeg', suffix: 'mp3',
      duration: 545, bitRate: 320, path: 'Miles Davis/Kind of Blue/01 So What.mp3', isVideo: false, type: 'music',
      mediaType: 'song', albumId: 'al-1', artistId: 'ar-1', created: '2026-01-02T03:04:05.000Z', averageRating: 4.5,
      comment: 'Take 1 & "2" <live>', explicitStatus: '', replayGain: { trackGain: -6.5, trackPeak: 0.98 },
      isrc: ['USSM15900113'], genres: [{ name: 'Jazz' }], artists: [{ id: 'ar-1', name: 'Miles Davis' }],
      contributors: [{ role: 'composer', artist: { id: 'ar-1', name: 'Miles Davis' } }],
    };
    const album = {
      id: 'al-1', name: 'Kind of Blue', artist: 'Miles Davis', artistId: 'ar-1', coverArt: 'al-1', songCount: 1,
      duration: 545, playCount: 3, created: '2026-01-02T03:04:05.000Z', year: 1959, genre: 'Jazz', isCompilation: false,
      genres: [{ name: 'Jazz' }, { name: 'Modal' }], artists: [{ id: 'ar-1', name: 'Miles Davis' }],
      releaseTypes: ['Album'], originalReleaseDate: { year: 1959, month: 8, day: 17 }, discTitles: [{ disc: 1, title: 'Side A' }],
      song: [song],
    };
    const xml = answer(`
      <album id="al-1" name="Kind of Blue" artist="Miles Davis" artistId="ar-1" coverArt="al-1" songCount="1" duration="545"
        playCount="3" created="2026-01-02T03:04:05.000Z" year="1959" genre="Jazz" isCompilation="false">
        <genres name="Jazz"/><genres name="Modal"/>
        <artists id="ar-1" name="Miles Davis"/>
        <releaseTypes>Album</releaseTypes>
        <originalReleaseDate year="1959" month="8" day="17"/>
        <discTitles disc="1" title="Side A"/>
        <song id="s-1" parent="al-1" isDir="false" title="So What" album="Kind of Blue" artist="Miles Davis" track="1"
          discNumber="1" year="1959" genre="Jazz" coverArt="al-1" size="8421341" contentType="audio/mpeg" suffix="mp3"
          duration="545" bitRate="320" path="Miles Davis/Kind of Blue/01 So What.mp3" isVideo="false" type="music"
          mediaType="song" albumId="al-1" artistId="ar-1" created="2026-01-02T03:04:05.000Z" averageRating="4.5"
          comment="Take 1 &amp; &quot;2&quot; &lt;live&gt;" explicitStatus="">
          <replayGain trackGain="-6.5" trackPeak="0.98"/>
          <isrc>USSM15900113</isrc>
          <genres name="Jazz"/>
          <artists id="ar-1" name="Miles Davis"/>
          <contributors role="composer"><artist id="ar-1" name="Miles Davis"/></contributors>
        </song>
      </album>`);
    const json = xmlToSubsonicJson('getAlbum', xml);
    expect(json).toEqual({ 'subsonic-response': { ...jsonFixture('ping')['subsonic-response'], album } });
    checkSubsonicResponse('getAlbum', json);
  });

  it('gives a required list with no element as [] and a list of numbers as numbers', () => {
    expect(xmlToSubsonicJson('getNowPlaying', answer('<nowPlaying/>'))['subsonic-response'].nowPlaying).toEqual({ entry: [] });
    const user = xmlToSubsonicJson(
      'getUser',
      answer(`<user username="demo" scrobblingEnabled="true" adminRole="false" settingsRole="false"
        downloadRole="true" uploadRole="true" playlistRole="true" coverArtRole="false" commentRole="false" podcastRole="false"
        streamRole="true" jukeboxRole="false" shareRole="false" videoConversionRole="false"><folder>1</folder></user>`),
    );
    expect(user['subsonic-response'].user).toMatchObject({ username: 'demo', scrobblingEnabled: true, adminRole: false, folder: [1] });
    checkSubsonicResponse('getUser', user);
  });

  it('keeps what does not fit the schema, so the check reports it', () => {
    const json = xmlToSubsonicJson(
      'getAlbum',
      answer(`<album id="1" name="A" songCount="1" duration="long" created="2026-01-02T03:04:05Z" colour="red"><song/></album>`),
    );
    expect(json['subsonic-response'].album).toEqual({
      id: '1', name: 'A', songCount: 1, duration: 'long', created: '2026-01-02T03:04:05Z', colour: 'red', song: [{}],
    });
    expect(() => checkSubsonicResponse('getAlbum', json)).toThrow('$.subsonic-response.album.duration must be integer (got "long")');
  });

  it('refuses text that is not a Subsonic XML answer', () => {
    expect(() => xmlToSubsonicJson('ping', '{"subsonic-response":{}}')).toThrow();
    expect(() => xmlToSubsonicJson('ping', '<response status="ok"/>')).toThrow('ping: the XML answer has no single <subsonic-response> root');
  });
});
