import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import type { AudioFormat, TagFields } from '@tunafy/contracts';
import { renderCover } from '../media/synth/render-cover.js';

const run = promisify(execFile);

/**
 * Audio fixtures for the bulk-upload tests, made with ffmpeg (Debian's
 * package; .ci/run installs it) during the run, so every format's real
 * encoder output goes through the API's sniffing and tag reading.
 */
export interface AudioFixture extends TagFields {
  format: AudioFormat;
  /** Embed this PNG as the front cover. */
  picture?: Buffer;
  seconds?: number;
  /** Makes files of equal tags differ in their bytes. */
  frequency?: number;
  /** Gain applied to the sine (ffmpeg's `volume`), for files of known loudness apart (the loudness tests). */
  volumeDb?: number;
  /** ReplayGain tags to write, as taggers do (`-3.50 dB`, peaks as ratios). */
  replayGain?: { trackGain: number; trackPeak?: number; albumGain?: number; albumPeak?: number };
  /** A lyrics tag as text (FLAC/Ogg LYRICS, MP4 ©lyr; ffmpeg writes MP3's as TXXX, which is not lyrics: use id3Lyrics). */
  lyrics?: string;
  /** MP3 only: real ID3v2.4 USLT and SYLT frames (ffmpeg writes neither), in a tag before ffmpeg's. */
  id3Lyrics?: { uslt?: string; sylt?: [text: string, ms: number][]; lang?: string };
}

const CODEC_ARGS: Record<AudioFormat, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '64k', '-id3v2_version', '3', '-f', 'mp3'],
  aac: ['-c:a', 'aac', '-b:a', '64k', '-f', 'ipod'],
  alac: ['-c:a', 'alac', '-f', 'ipod'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
  vorbis: ['-c:a', 'libvorbis', '-f', 'ogg'],
  opus: ['-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
};

export const FIXTURE_EXTENSIONS: Record<AudioFormat, string> = { mp3: 'mp3', aac: 'm4a', alac: 'm4a', flac: 'flac', vorbis: 'ogg', opus: 'opus', wav: 'wav' };

export function testPicture(seed = 'fixture'): Buffer {
  return renderCover({ seed: 5, title: seed, size: 48 });
}

/**
 * Writes one tagged audio file of the format to `path`. Several `artists` are written as repeated Vorbis ARTIST
 * comments with metaflac (Debian's flac package; .ci/run installs it), so only FLAC takes more than one: ffmpeg keeps
 * one value per key.
 */
export async function writeAudio(path: string, fixture: AudioFixture): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  const seconds = fixture.seconds ?? 2;
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${fixture.frequency ?? 440}:duration=${seconds}`];
  const picture = fixture.picture && !['vorbis', 'opus', 'wav'].includes(fixture.format) ? fixture.picture : undefined;
  if (picture) {
    const picturePath = `${path}.cover.png`;
    await writeFile(picturePath, picture);
    args.push('-i', picturePath, '-map', '0:a', '-map', '1:v', '-c:v', 'copy', '-disposition:v', 'attached_pic');
  }
  const metadata: Record<string, string | number | undefined> = {
    title: fixture.title,
    album: fixture.album,
    track: fixture.track,
    disc: fixture.disc,
    date: fixture.year,
    genre: fixture.genre,
    artist: fixture.artists?.length === 1 ? fixture.artists[0] : undefined,
    album_artist: fixture.albumArtist,
    compilation: fixture.compilation ? 1 : undefined,
  };
  const manyArtists = (fixture.artists?.length ?? 0) > 1;
  if (manyArtists && fixture.format !== 'flac') throw new Error('only FLAC fixtures take several artists');
  for (const [key, value] of Object.entries(metadata)) if (value !== undefined) args.push('-metadata', `${key}=${value}`);
  // Ogg has no picture stream in ffmpeg; the Vorbis-comment picture block is what players (and music-metadata) read.
  if (fixture.picture && (fixture.format === 'vorbis' || fixture.format === 'opus')) args.push('-metadata', `METADATA_BLOCK_PICTURE=${pictureBlock(fixture.picture)}`);
  if (fixture.volumeDb !== undefined) args.push('-af', `volume=${fixture.volumeDb}dB`);
  const gain = fixture.replayGain;
  if (gain) {
    const tags = { REPLAYGAIN_TRACK_GAIN: `${gain.trackGain.toFixed(2)} dB`, REPLAYGAIN_TRACK_PEAK: gain.trackPeak?.toFixed(6), REPLAYGAIN_ALBUM_GAIN: gain.albumGain !== undefined ? `${gain.albumGain.toFixed(2)} dB` : undefined, REPLAYGAIN_ALBUM_PEAK: gain.albumPeak?.toFixed(6) };
    for (const [key, value] of Object.entries(tags)) if (value !== undefined) args.push('-metadata', `${key}=${value}`);
  }
  if (fixture.lyrics !== undefined) args.push('-metadata', `${fixture.format === 'aac' || fixture.format === 'alac' ? 'lyrics' : 'LYRICS'}=${fixture.lyrics}`);
  args.push(...CODEC_ARGS[fixture.format], path);
  await run('ffmpeg', args);
  if (fixture.id3Lyrics) {
    if (fixture.format !== 'mp3') throw new Error('id3Lyrics is for MP3 fixtures');
    await writeFile(path, Buffer.concat([id3LyricsTag(fixture.id3Lyrics), await readFile(path)]));
  }
  if (manyArtists) {
    const tags = `${path}.tags`;
    // One line each, every line ended: metaflac drops a last line without its newline.
    await writeFile(tags, fixture.artists!.map((artist) => `ARTIST=${artist}\n`).join(''));
    await run('metaflac', [`--import-tags-from=${tags}`, path]);
  }
  return path;
}

/** An ID3v2.4 tag with USLT and/or SYLT (milliseconds) frames in UTF-8; music-metadata reads it and ffmpeg's tag after it. */
function id3LyricsTag({ uslt, sylt, lang = 'eng' }: NonNullable<AudioFixture['id3Lyrics']>): Buffer {
  const syncsafe = (n: number) => Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
  const frame = (id: string, body: Buffer) => Buffer.concat([Buffer.from(id, 'latin1'), syncsafe(body.length), Buffer.from([0, 0]), body]);
  const utf8 = 3;
  const frames: Buffer[] = [];
  if (uslt !== undefined) frames.push(frame('USLT', Buffer.concat([Buffer.from([utf8]), Buffer.from(lang, 'latin1'), Buffer.from([0]), Buffer.from(uslt, 'utf8')])));
  if (sylt) {
    const entries = sylt.flatMap(([text, ms]) => {
      const time = Buffer.alloc(4);
      time.writeUInt32BE(ms);
      return [Buffer.from(text, 'utf8'), Buffer.from([0]), time];
    });
    // Time stamps in milliseconds (2), content type lyrics (1), an empty descriptor.
    frames.push(frame('SYLT', Buffer.concat([Buffer.from([utf8]), Buffer.from(lang, 'latin1'), Buffer.from([2, 1, 0]), ...entries])));
  }
  const body = Buffer.concat(frames);
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0]), syncsafe(body.length), body]);
}

/** A FLAC METADATA_BLOCK_PICTURE (front cover, PNG), base64 as Vorbis comments carry it. */
function pictureBlock(png: Buffer): string {
  const mime = Buffer.from('image/png');
  const parts: Buffer[] = [];
  const u32 = (value: number) => {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(value);
    return buffer;
  };
  parts.push(u32(3), u32(mime.length), mime, u32(0), u32(48), u32(48), u32(24), u32(0), u32(png.length), png);
  return Buffer.concat(parts).toString('base64');
}
