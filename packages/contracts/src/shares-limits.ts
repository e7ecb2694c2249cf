// No zod here (nor in what this imports): the share dialog and the Shared links screen need these constants, and a
// module with schemas would bring zod's ~85 kB to every screen whose menu offers "Copy link to share". Schemas live
// in shares.ts.

/**
 * Share links (docs/shares.md): an owner's song, album or public playlist opened by anyone holding the link, without
 * an account. The token in the link is the only secret; the API keeps only its hash.
 */
export const SHARE_KINDS = ['song', 'album', 'playlist'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

export const SHARE_LIMITS = {
  /** Live shares one account may hold at once. */
  perUserMax: 500,
  /** The furthest ahead a share may expire. */
  expiresInDaysMax: 366,
  /** Tracks a share page lists and plays (an album or playlist longer than this shows its first ones). */
  tracksMax: 500,
  /** The expiry choices the share dialog offers, in days (null: never). */
  expiryChoices: [null, 1, 7, 30] as readonly (number | null)[],
} as const;

/** 128 random bits as unpadded base64url: what `/s/{token}` carries. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const SHARE_MESSAGES = {
  privatePlaylist: 'Private playlists cannot be shared. Make the playlist public first.',
  notYours: 'You can only share your own songs, albums and playlists.',
  tooMany: `You can have at most ${SHARE_LIMITS.perUserMax} share links. Revoke some you no longer need first.`,
  expiresInPast: 'Choose an expiry in the future.',
  expiresTooLate: `A share link can expire at most ${SHARE_LIMITS.expiresInDaysMax} days from now.`,
  /** The one answer to a token that is unknown, revoked, expired or whose item is gone. */
  notFound: 'Share link not found. It may have been revoked or have expired.',
  rateLimited: 'Too many share links that do not exist were opened from your address. Please wait a minute and try again.',
} as const;

/**
 * What a share shows its owner on the Shared links screen. `state` says whether the link plays right now: an
 * expired one stays listed until revoked, and a playlist made private stops playing until it is public again.
 */
export interface Share {
  id: string;
  kind: ShareKind;
  item_id: string;
  item_name: string;
  created_at: string;
  /** Null: never expires. */
  expires_at: string | null;
  /** How often the page or its data was opened. */
  opens: number;
  state: 'active' | 'expired' | 'private';
}

/** `POST /api/shares`: the new share with its link, shown this once (only the token's hash is stored). */
export interface CreatedShare extends Share {
  token: string;
  /** The share page's absolute URL. */
  url: string;
  /** The embeddable player's absolute URL. */
  embed_url: string;
}

export interface SharesPage {
  shares: Share[];
  next_cursor: string | null;
  total: number;
}

/** One song of a share, as anyone with the link sees it: its names and where to play it, nothing else. */
export interface SharedSong {
  id: string;
  name: string;
  /** The credited artists' names (the owner's username when the tags credit none). */
  artists: string[];
  album_name: string | null;
  duration: number;
  track: number | null;
  cover_url: string;
  /** Plays through the share only (`/api/shares/{token}/songs/{id}/stream`). */
  stream_url: string;
  /** What to ask `canPlayType`; when the browser cannot, add `?format=mp3` to the stream URL. */
  can_play_type: string;
}

/** `GET /api/shares/{token}`: the shared item for a page without an account. Never an email or another item. */
export interface SharedItem {
  kind: ShareKind;
  name: string;
  /** The artists (a song's or album's credits) or the playlist's creator. */
  by: string[];
  description: string | null;
  cover_url: string | null;
  /** Songs the item holds; the page lists and plays `songs` (at most SHARE_LIMITS.tracksMax). */
  song_count: number;
  songs: SharedSong[];
  expires_at: string | null;
}

/** `GET /api/oembed` (oembed.com, type "rich"): a card with the embeddable player. */
export interface OEmbedResponse {
  version: '1.0';
  type: 'rich';
  title: string;
  author_name: string;
  provider_name: string;
  provider_url: string;
  html: string;
  width: number;
  height: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
  cache_age: number;
}
