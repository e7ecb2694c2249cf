import { createHash } from 'node:crypto';
import type { SharedItem } from '@tunafy/contracts';

/**
 * The share page and the embeddable player as HTML the API renders (docs/decisions/0018-share-pages-rendered-by-the-api.md):
 * chat apps read the Open Graph tags without running scripts, and a page this small loads in a fraction of the
 * 1 s budget. Every user-written text goes through `escapeHtml`, and the data the player reads is JSON that no
 * `</script>` can end early (`jsonForScript`).
 */

export type PageMode = 'page' | 'embed';

export interface PageLinks {
  /** The instance's origin, for absolute URLs (og:image, og:url, the oEmbed link). */
  origin: string;
  token: string;
  /** The player script, inlined: one request less before the page plays (its hash is in the policy). */
  playerScript: string;
}

/** The embed's size that oEmbed and twitter:player announce. */
export const EMBED_SIZE = { width: 480, height: 152, listHeight: 352 } as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (character) => `&#${character.charCodeAt(0)};`);
}

/** JSON inside a `<script type="application/json">`: `<`, `>`, `&` and the two JS line separators escaped. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/gu, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const KIND_LABEL = { song: 'Song', album: 'Album', playlist: 'Playlist' } as const;
const OG_TYPE = { song: 'music.song', album: 'music.album', playlist: 'music.playlist' } as const;

export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** "Album by Ada · 12 songs": the line under the title, and the card's description. */
export function describe(item: SharedItem): string {
  const by = item.by.filter(Boolean).join(', ');
  const count = item.kind === 'song' ? formatDuration(item.songs[0]?.duration ?? 0) : `${item.song_count} ${item.song_count === 1 ? 'song' : 'songs'}`;
  return [`${KIND_LABEL[item.kind]}${by ? ` by ${by}` : ''}`, count].join(' · ');
}

// One stylesheet for both modes; allowed by its hash in the page's Content-Security-Policy (no 'unsafe-inline').
const STYLE = `
:root{color-scheme:dark;--bg:#121212;--panel:#1f1f1f;--text:#fff;--muted:#b3b3b3;--accent:#1ed760}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:720px;margin:0 auto;padding:24px}
.head{display:flex;gap:20px;align-items:flex-end}
.cover{width:180px;height:180px;border-radius:8px;object-fit:cover;background:var(--panel);flex:none}
.kind{margin:0;font-size:12px;text-transform:uppercase;letter-spacing:.08em;color:var(--muted)}
h1{margin:4px 0;font-size:32px;line-height:1.15;overflow-wrap:anywhere}
.by,.note{margin:0;color:var(--muted)}
.controls{display:flex;gap:12px;align-items:center;margin:20px 0}
button{font:inherit;color:inherit;background:none;border:0;cursor:pointer}
.controls button{width:44px;height:44px;border-radius:50%;background:var(--panel);display:grid;place-items:center}
.controls .play{width:56px;height:56px;background:var(--accent);color:#000}
.controls svg{width:22px;height:22px;fill:currentColor}
.time{color:var(--muted);font-variant-numeric:tabular-nums}
audio{width:100%}
.js audio{display:none}
.tracks{list-style:none;margin:0;padding:0}
.tracks button{width:100%;display:grid;grid-template-columns:2em 1fr auto;gap:12px;padding:8px;border-radius:6px;text-align:left}
.tracks button:hover,.tracks button:focus-visible{background:var(--panel)}
.tracks .current{color:var(--accent)}
.tracks .artists{display:block;color:var(--muted);font-size:13px}
.num,.dur{color:var(--muted);font-variant-numeric:tabular-nums}
.open{display:inline-block;margin-top:20px;color:var(--text);font-weight:600}
.embed main{max-width:none;padding:12px}
.embed .cover{width:96px;height:96px}
.embed h1{font-size:20px}
.embed .controls{margin:10px 0}
.embed .tracks{max-height:180px;overflow:auto}
.embed .open{margin-top:8px;font-size:13px}
@media (max-width:520px){.head{flex-direction:column;align-items:flex-start}h1{font-size:24px}}
`;

export const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}`;

/** A CSP source for an inline script or style: its SHA-256. */
export function sourceHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The Content-Security-Policy of both modes: the player script and the style allowed by their hashes and nothing
 * else inline; framing per mode.
 */
export function pagePolicy(mode: PageMode, playerScript: string): string {
  const frames = mode === 'embed' ? 'frame-ancestors *' : "frame-ancestors 'none'";
  return `default-src 'none'; script-src ${sourceHash(playerScript)}; style-src '${STYLE_HASH}'; img-src 'self' data:; media-src 'self'; base-uri 'none'; form-action 'none'; ${frames}`;
}

const ICONS = {
  prev: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 5h2v14H6zM20 5v14L9 12z"/></svg>',
  play: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 4v16l13-8z"/></svg>',
  next: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M16 5h2v14h-2zM4 5v14l11-7z"/></svg>',
};

export function renderSharePage(item: SharedItem, mode: PageMode, links: PageLinks): string {
  const { origin, token } = links;
  const pageUrl = `${origin}/s/${token}`;
  const embedUrl = `${origin}/embed/${token}`;
  const title = item.name;
  const description = describe(item);
  const cover = item.cover_url ? `${origin}${item.cover_url}` : null;
  const first = item.songs[0];
  const oembedUrl = `${origin}/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;
  const embedHeight = item.kind === 'song' ? EMBED_SIZE.height : EMBED_SIZE.listHeight;
  const meta = [
    `<meta property="og:site_name" content="Tunafy">`,
    `<meta property="og:type" content="${OG_TYPE[item.kind]}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}">`,
    cover ? `<meta property="og:image" content="${escapeHtml(cover)}">` : '',
    cover ? `<meta property="og:image:alt" content="${escapeHtml(`Cover of ${title}`)}">` : '',
    first ? `<meta property="og:audio" content="${escapeHtml(`${origin}${first.stream_url}`)}">` : '',
    first ? `<meta property="og:audio:type" content="${escapeHtml(first.can_play_type.split(';')[0]!)}">` : '',
    `<meta name="twitter:card" content="player">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    cover ? `<meta name="twitter:image" content="${escapeHtml(cover)}">` : '',
    `<meta name="twitter:player" content="${escapeHtml(embedUrl)}">`,
    `<meta name="twitter:player:width" content="${EMBED_SIZE.width}">`,
    `<meta name="twitter:player:height" content="${embedHeight}">`,
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembedUrl)}" title="${escapeHtml(title)}">`,
    mode === 'page' ? `<link rel="canonical" href="${escapeHtml(pageUrl)}">` : '',
  ].filter(Boolean);
  const tracks = item.songs
    .map(
      (song, index) =>
        `<li><button type="button" data-index="${index}"><span class="num">${index + 1}</span><span><span class="name">${escapeHtml(song.name)}</span><span class="artists">${escapeHtml(song.artists.join(', '))}</span></span><span class="dur">${formatDuration(song.duration)}</span></button></li>`,
    )
    .join('');
  const more = item.song_count > item.songs.length ? `<p class="note">The first ${item.songs.length} of ${item.song_count} songs.</p>` : '';
  const openLink = mode === 'embed' ? pageUrl : `${origin}/`;
  const openLabel = mode === 'embed' ? 'Open in Tunafy' : 'Open Tunafy';
  return `<!doctype html>
<html lang="en" class="${mode}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Tunafy</title>
<meta name="description" content="${escapeHtml(description)}">
${meta.join('\n')}
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="head">
${cover ? `<img class="cover" src="${escapeHtml(item.cover_url!)}" alt="" width="180" height="180">` : '<div class="cover" role="presentation"></div>'}
<div><p class="kind">${KIND_LABEL[item.kind]}</p><h1>${escapeHtml(title)}</h1><p class="by">${escapeHtml(description)}</p>${item.description && mode === 'page' ? `<p class="note">${escapeHtml(item.description)}</p>` : ''}</div>
</div>
<div class="controls" hidden>
<button type="button" class="prev" aria-label="Previous">${ICONS.prev}</button>
<button type="button" class="play" aria-label="Play">${ICONS.play}</button>
<button type="button" class="next" aria-label="Next">${ICONS.next}</button>
<span class="time" aria-live="off">0:00</span>
</div>
<audio controls preload="none"${first ? ` src="${escapeHtml(first.stream_url)}"` : ''}></audio>
${item.kind === 'song' ? '' : `<ol class="tracks">${tracks}</ol>${more}`}
<a class="open" href="${escapeHtml(openLink)}" target="_blank" rel="noopener">${openLabel}</a>
</main>
<script type="application/json" id="share-data">${jsonForScript(item)}</script>
<script>${links.playerScript}</script>
</body>
</html>
`;
}

/** The page a link that does not open gets: the same for every reason (unknown, revoked, expired, gone). */
export function renderMissingPage(message: string, origin: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Link not available · Tunafy</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>This link is not available</h1>
<p class="by">${escapeHtml(message)}</p>
<a class="open" href="${escapeHtml(`${origin}/`)}">Open Tunafy</a>
</main>
</body>
</html>
`;
}
