import type { SongLoudness } from '@tunafy/contracts';

/**
 * Loudness as the in-memory catalog holds it: one integer packing a loudness (LUFS) and a peak (dB), each in 0.01 dB
 * steps, so a measured song costs one small integer (a V8 Smi on its record, 4 bytes in the song table) and no object.
 * Each half covers -100.00 to +63.83 dB (14 bits); a value past either end is clamped (silence's -inf peak is -100).
 */
const STEPS = 16384;
const OFFSET_DB = 100;

/** No loudness: not measured (yet), or not measurable. */
export const NO_LOUDNESS = -1;

function code(db: number): number {
  if (Number.isNaN(db)) return 0;
  return Math.min(STEPS - 1, Math.max(0, Math.round((db + OFFSET_DB) * 100)));
}

const decode = (value: number) => Math.round(value - OFFSET_DB * 100) / 100;

export function packLoudness(lufs: number, peakDb: number): number {
  return code(lufs) * STEPS + code(peakDb);
}

export function unpackLoudness(packed: number): { lufs: number; peakDb: number } {
  return { lufs: decode(Math.floor(packed / STEPS)), peakDb: decode(packed % STEPS) };
}

/** The track's and the album's loudness as the API sends them; null when the track is not measured. */
export function songLoudnessOf(track: number, album: number): SongLoudness | null {
  if (track === NO_LOUDNESS || track === undefined) return null;
  const { lufs, peakDb } = unpackLoudness(track);
  const albumValues = album === NO_LOUDNESS ? null : unpackLoudness(album);
  return { track_lufs: lufs, track_peak_db: peakDb, album_lufs: albumValues?.lufs ?? null, album_peak_db: albumValues?.peakDb ?? null };
}

/** ReplayGain's reference level: a gain of 0 dB means -18 LUFS (ReplayGain 2.0). */
export const REPLAYGAIN_REFERENCE_LUFS = -18;

export const lufsOfReplayGain = (gainDb: number) => REPLAYGAIN_REFERENCE_LUFS - gainDb;
export const replayGainOfLufs = (lufs: number) => REPLAYGAIN_REFERENCE_LUFS - lufs;
export const dbOfRatio = (ratio: number) => (ratio > 0 ? 20 * Math.log10(ratio) : Number.NEGATIVE_INFINITY);
export const ratioOfDb = (db: number) => 10 ** (db / 20);

/** What music-metadata's `common` says of ReplayGain (`{dB, ratio}` each), the fields read here. */
export interface ReplayGainTags {
  replaygain_track_gain?: { dB: number; ratio: number };
  replaygain_track_peak?: { dB: number; ratio: number };
  replaygain_album_gain?: { dB: number; ratio: number };
  replaygain_album_peak?: { dB: number; ratio: number };
}

/** Loudness read from a file's ReplayGain tags, packed; each is absent when its gain tag is. */
export interface TaggedLoudness {
  track?: number;
  album?: number;
}

/**
 * The track's and album's loudness from ReplayGain tags: LUFS = -18 - gain, peak dB = 20·log10(peak). A gain without
 * its peak is taken with a full-scale peak (0 dB), which only makes the player more careful about raising it.
 */
export function loudnessFromReplayGain(tags: ReplayGainTags): TaggedLoudness {
  const one = (gain?: { dB: number }, peak?: { ratio: number }) => {
    if (!gain || !Number.isFinite(gain.dB)) return undefined;
    const peakDb = peak && Number.isFinite(peak.ratio) && peak.ratio > 0 ? dbOfRatio(peak.ratio) : 0;
    return packLoudness(lufsOfReplayGain(gain.dB), peakDb);
  };
  const found: TaggedLoudness = {};
  const track = one(tags.replaygain_track_gain, tags.replaygain_track_peak);
  const album = one(tags.replaygain_album_gain, tags.replaygain_album_peak);
  if (track !== undefined) found.track = track;
  if (album !== undefined) found.album = album;
  return found;
}

/**
 * An album's loudness from its measured tracks: the energy mean weighted by duration, 10·log10(Σ dᵢ·10^(Lᵢ/10) / Σ dᵢ),
 * and the loudest peak. Tracks without loudness are left out; NO_LOUDNESS when none has any.
 */
export class AlbumLoudnessSum {
  private energy = 0;
  private seconds = 0;
  private peak = Number.NEGATIVE_INFINITY;

  add(packed: number, duration: number): void {
    if (packed === NO_LOUDNESS) return;
    const { lufs, peakDb } = unpackLoudness(packed);
    const weight = duration > 0 ? duration : 1;
    this.energy += weight * 10 ** (lufs / 10);
    this.seconds += weight;
    if (peakDb > this.peak) this.peak = peakDb;
  }

  packed(): number {
    return this.seconds === 0 ? NO_LOUDNESS : packLoudness(10 * Math.log10(this.energy / this.seconds), this.peak);
  }
}

/** OpenSubsonic's `replayGain` of a song: gains in dB toward -18 LUFS, peaks as ratios; fields without a value left out. */
export function subsonicReplayGain(loudness: SongLoudness | null): { trackGain?: number; trackPeak?: number; albumGain?: number; albumPeak?: number } {
  if (!loudness) return {};
  const round = (value: number) => Math.round(value * 100) / 100;
  const gain: { trackGain?: number; trackPeak?: number; albumGain?: number; albumPeak?: number } = {
    trackGain: round(replayGainOfLufs(loudness.track_lufs)),
    trackPeak: Math.round(ratioOfDb(loudness.track_peak_db) * 1e6) / 1e6,
  };
  if (loudness.album_lufs !== null && loudness.album_peak_db !== null) {
    gain.albumGain = round(replayGainOfLufs(loudness.album_lufs));
    gain.albumPeak = Math.round(ratioOfDb(loudness.album_peak_db) * 1e6) / 1e6;
  }
  return gain;
}
