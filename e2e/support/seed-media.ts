import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Song } from '@tunafy/contracts';
import { repoRoot } from '@tunafy/stack';
import { csrfToken } from './fixtures.js';

export type Synthesize = (options: { seed: number; seconds: number }) => Buffer;
export type RenderCover = (options: { seed: number; title: string; size?: number }) => Buffer;

/**
 * The seed's generators for real media (an mp3 the API measures, a PNG cover), loaded from the API's build
 * (services/api/dist) as the stack runs it, for uploads made like a user's.
 */
export async function seedMedia(): Promise<{ synthesizeSong: Synthesize; renderCover: RenderCover }> {
  const dist = join(repoRoot(), 'services/api/dist/media/synth');
  const { synthesizeSong } = (await import(pathToFileURL(join(dist, 'synth-song.js')).href)) as { synthesizeSong: Synthesize };
  const { renderCover } = (await import(pathToFileURL(join(dist, 'render-cover.js')).href)) as { renderCover: RenderCover };
  return { synthesizeSong, renderCover };
}

export interface GeneratedSong {
  name: string;
  /** The generators' seed: the same seed, the same sound and cover. */
  seed: number;
  seconds: number;
  /** The cover's side in pixels. */
  coverSize?: number;
}

/** Uploads a generated song (a real mp3 and a PNG cover), as the user `request` is logged in as, like a user's upload. */
export async function uploadGeneratedSong(request: APIRequestContext, { name, seed, seconds, coverSize = 64 }: GeneratedSong): Promise<Song> {
  const { synthesizeSong, renderCover } = await seedMedia();
  const response = await request.post('/api/songs/new', {
    headers: { 'x-csrf-token': await csrfToken(request) },
    multipart: {
      song_name: name,
      song_cover_url: { name: 'cover.png', mimeType: 'image/png', buffer: renderCover({ seed, title: name, size: coverSize }) },
      song_file_url: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: synthesizeSong({ seed, seconds }) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Song;
}
