import type { QueueItem } from '@tunafy/event-bus';

const SAMPLE_RATE = 22050;

/** A mono 16-bit WAV of a soft chord (with a fade in and out), so the dev page plays without the API. */
function toneWav(frequencies: number[], seconds: number): Blob {
  const samples = Math.round(seconds * SAMPLE_RATE);
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => [...value].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  const fade = SAMPLE_RATE * 0.05;
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / fade, (samples - i) / fade);
    const value = frequencies.reduce((sum, f) => sum + Math.sin((2 * Math.PI * f * i) / SAMPLE_RATE), 0) / frequencies.length;
    view.setInt16(44 + i * 2, Math.round(value * envelope * 0.6 * 32767), true);
  }
  return new Blob([buffer], { type: 'audio/wav' });
}

function coverDataUrl(hue: number, label: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,25%)"/></linearGradient></defs><rect width="64" height="64" fill="url(#g)"/><text x="32" y="40" font-size="20" font-family="sans-serif" text-anchor="middle" fill="white">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const CHORDS: { name: string; notes: number[]; hue: number }[] = [
  { name: 'C major', notes: [261.63, 329.63, 392.0], hue: 140 },
  { name: 'A minor', notes: [220.0, 261.63, 329.63], hue: 220 },
  { name: 'F major', notes: [174.61, 220.0, 261.63], hue: 30 },
  { name: 'G major', notes: [196.0, 246.94, 293.66], hue: 300 },
];

/** Offline sample songs: generated tones as blob URLs (valid for this page only). */
export function toneSongs(seconds = 8): QueueItem[] {
  return CHORDS.map((chord, i) => ({
    id: `dev-tone-${i + 1}`,
    song_name: `${chord.name} (${seconds} s tone)`,
    artist_id: 'dev',
    artist_username: 'Tone generator',
    album_id: null,
    album_name: 'Dev samples',
    song_cover_url: coverDataUrl(chord.hue, chord.name.split(' ')[0]),
    song_file_url: URL.createObjectURL(toneWav(chord.notes, seconds)),
    duration: seconds,
  }));
}

export function brokenSong(): QueueItem {
  return {
    id: 'dev-broken',
    song_name: 'Broken file',
    artist_id: 'dev',
    artist_username: 'Nobody',
    album_id: null,
    album_name: null,
    song_cover_url: '',
    song_file_url: '/api/files/000000000000000000000000',
    duration: 0,
  };
}
