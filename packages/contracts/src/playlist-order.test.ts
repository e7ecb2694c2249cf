import { describe, expect, it } from 'vitest';
import { PLAYLIST_ORDER_MESSAGES, playlistMoveSchema } from './playlist-order.js';
import { validate } from './validation.js';

const A = '0123456789abcdef01234567';
const B = '0123456789abcdef01234568';

describe('playlistMoveSchema', () => {
  it('takes a song with exactly one of after_song_id and before_song_id, either of them null for the ends', () => {
    expect(validate(playlistMoveSchema, { song_id: A, after_song_id: B })).toEqual({ ok: true, value: { song_id: A, after_song_id: B } });
    expect(validate(playlistMoveSchema, { song_id: A, after_song_id: null }).ok).toBe(true);
    expect(validate(playlistMoveSchema, { song_id: A, before_song_id: null }).ok).toBe(true);
  });

  it('says which field is wrong', () => {
    expect(validate(playlistMoveSchema, { song_id: A })).toEqual({ ok: false, errors: { after_song_id: PLAYLIST_ORDER_MESSAGES.targetRequired } });
    expect(validate(playlistMoveSchema, { song_id: A, after_song_id: B, before_song_id: null })).toEqual({
      ok: false,
      errors: { before_song_id: PLAYLIST_ORDER_MESSAGES.targetTwice },
    });
    expect(validate(playlistMoveSchema, { song_id: A, before_song_id: A.toUpperCase() })).toEqual({
      ok: false,
      errors: { before_song_id: PLAYLIST_ORDER_MESSAGES.nextToItself },
    });
    expect(validate(playlistMoveSchema, { song_id: 'x', after_song_id: 'nope' })).toEqual({ ok: false, errors: { song_id: 'Invalid id.', after_song_id: 'Invalid id.' } });
    expect(validate(playlistMoveSchema, { after_song_id: { $gt: '' } }).ok).toBe(false);
  });
});
