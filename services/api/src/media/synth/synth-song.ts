/**
 * Generates the demo songs of a fresh install. The machines that seed Tunafy
 * have no internet and the repo ships no audio, so every song is composed
 * from its seed and encoded to MP3 here: real, playable files that exercise
 * the same upload, metadata and range-streaming paths as a user's upload.
 */
import { encodeMp3, KBPS, MIN_FRAME_BYTES, mp3Frames, SAMPLE_RATE } from './mp3-frames.js';
import { between, createRandom, hashNumbers, intBetween, pick, type Random } from './random.js';
import { addEcho, addHat, addKick, addNote, addSnare, midiToHz, type Voice, type Wave } from './synth-voices.js';

export interface SynthesizeSongOptions {
  seed: number;
  /** Length of the piece; the MP3 comes out a few tens of milliseconds longer (encoder delay and padding). */
  seconds: number;
  sampleRate?: 44100;
  kbps?: 128;
}

/** Peak after normalisation; the headroom absorbs MP3 overshoot, which would otherwise clip on decode. */
const PEAK = 0.89;

interface Mood {
  scale: readonly number[];
  /** Chord roots as 0-based scale degrees, one chord per bar. */
  progressions: readonly (readonly number[])[];
  bpm: readonly [number, number];
  sevenths: boolean;
  padWaves: readonly Wave[];
  leadWaves: readonly Wave[];
}

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
const DORIAN = [0, 2, 3, 5, 7, 9, 10];
const LYDIAN = [0, 2, 4, 6, 7, 9, 11];
const MIXOLYDIAN = [0, 2, 4, 5, 7, 9, 10];

// One mood a line, like GROOVES below.
const MOODS: readonly Mood[] = [
  // bright indie pop
  { scale: MAJOR, progressions: [[0, 4, 5, 3], [0, 5, 3, 4], [3, 0, 4, 5], [0, 3, 1, 4]], bpm: [108, 132], sevenths: false, padWaves: ['saw', 'triangle'], leadWaves: ['triangle', 'sine'] },
  // dreamy, slow, floating
  { scale: LYDIAN, progressions: [[0, 1, 0, 1], [0, 1, 5, 4], [0, 4, 1, 5]], bpm: [76, 96], sevenths: true, padWaves: ['sine', 'triangle', 'warm'], leadWaves: ['sine', 'triangle'] },
  // melancholic
  { scale: MINOR, progressions: [[0, 5, 2, 6], [0, 3, 6, 2], [0, 5, 3, 4], [5, 6, 0, 0]], bpm: [78, 100], sevenths: false, padWaves: ['warm', 'saw', 'triangle'], leadWaves: ['sine', 'triangle'] },
  // driving night-drive synthwave
  { scale: MINOR, progressions: [[0, 6, 5, 6], [0, 5, 6, 4], [0, 2, 6, 5]], bpm: [118, 140], sevenths: false, padWaves: ['saw'], leadWaves: ['saw', 'triangle'] },
  // groovy, jazzy
  { scale: DORIAN, progressions: [[0, 3, 0, 3], [0, 6, 3, 4], [1, 4, 0, 0]], bpm: [88, 112], sevenths: true, padWaves: ['warm', 'triangle'], leadWaves: ['triangle', 'warm'] },
  // sunny, folk-ish
  { scale: MIXOLYDIAN, progressions: [[0, 6, 3, 0], [0, 3, 6, 0], [0, 4, 6, 3]], bpm: [96, 124], sevenths: false, padWaves: ['triangle', 'warm'], leadWaves: ['triangle', 'sine'] },
];

/** Kick and snare hits per bar, in sixteenth steps. */
const GROOVES: readonly { kick: readonly number[]; snare: readonly number[] }[] = [
  { kick: [0, 4, 8, 12], snare: [4, 12] },
  { kick: [0, 8, 10], snare: [4, 12] },
  { kick: [0, 6, 8], snare: [4, 12] },
  { kick: [0, 7, 10], snare: [4, 12] },
  { kick: [0, 3, 8, 11], snare: [4, 12] },
];

interface Song {
  bpm: number;
  beat: number;
  bar: number;
  bars: number;
  tonic: number;
  mood: Mood;
  progression: readonly number[];
  pad: Voice;
  lead: Voice;
  arp: Voice | null;
  bass: Voice;
  bassPattern: 'whole' | 'eighths' | 'pulse' | 'walk';
  groove: (typeof GROOVES)[number];
  hatSixteenths: boolean;
  melody: { a: Motif; b: Motif };
}

/** One two-bar melodic phrase on an eighth-note grid; pitches are scale steps relative to the phrase anchor. */
type Motif = { slot: number; length: number; step: number }[];

/**
 * A deterministic MPEG-1 Layer III stream (mono, 44.1 kHz, 128 kbps CBR, no
 * ID3 or Xing tag): the same seed gives the same bytes. lamejs is pure JS,
 * so this costs about 1 s of CPU per 25 s of audio; rendering is ~5% of it.
 */
export function synthesizeSong(options: SynthesizeSongOptions): Buffer {
  const sampleRate = options.sampleRate ?? SAMPLE_RATE;
  const kbps = options.kbps ?? KBPS;
  if (sampleRate !== SAMPLE_RATE || kbps !== KBPS) {
    throw new RangeError('synthesizeSong only produces 44.1 kHz, 128 kbps MP3');
  }
  if (!Number.isFinite(options.seconds) || options.seconds < 1 || options.seconds > 600) {
    throw new RangeError(`seconds must be between 1 and 600, got ${options.seconds}`);
  }
  if (!Number.isInteger(options.seed)) throw new RangeError(`seed must be an integer, got ${options.seed}`);

  const samples = renderSong(options.seed, options.seconds, sampleRate);
  return encodeMp3(samples, sampleRate, kbps);
}

/** Renders the piece to normalised mono PCM in [-PEAK, PEAK]. Exposed for tests and previews. */
export function renderSong(seed: number, seconds: number, sampleRate: number = SAMPLE_RATE): Float32Array {
  const length = Math.round(seconds * sampleRate);
  const song = compose(seed, seconds);
  const mix = new Float32Array(length);
  // Echoed parts get their own bus so the echo does not smear drums and bass.
  const echoBus = new Float32Array(length);
  // Drum noise comes from a stream of its own, so how many hits a groove has
  // cannot leak into any other random choice.
  const noise = createRandom(hashNumbers(seed, 0xd2));
  const bars = song.bars;

  for (let bar = 0; bar < bars; bar++) {
    const t0 = bar * song.bar;
    const degree = song.progression[bar % song.progression.length] as number;
    const chord = chordSemitones(song.mood, degree);
    const isIntro = bar < 2 && bars > 5;
    const isOutro = bar === bars - 1 && bars > 4;

    for (const semitone of chord) {
      addNote(mix, sampleRate, t0, song.bar, midiToHz(song.tonic + 12 + semitone), 0.09, song.pad);
    }

    addBass(mix, sampleRate, song, t0, chord[0] as number);

    if (!isIntro && !isOutro) {
      addDrums(mix, sampleRate, song, t0, noise);
    } else if (bar === 1) {
      // A bar of hats only, so the groove is announced before it lands.
      for (let step = 0; step < 16; step += 2) addHat(mix, sampleRate, t0 + (step * song.beat) / 4, 0.05, false, noise);
    }

    if (song.arp && !isIntro && Math.floor(bar / 4) % 2 === 1) {
      for (let step = 0; step < 16; step++) {
        const semitone = (chord[step % chord.length] as number) + (step % 8 >= 4 ? 12 : 0);
        addNote(echoBus, sampleRate, t0 + (step * song.beat) / 4, song.beat / 4, midiToHz(song.tonic + 24 + semitone), 0.05, song.arp);
      }
    }

    if (!isIntro && bar < bars - 1) {
      const phraseBar = bar - (bars > 5 ? 2 : 0);
      if (phraseBar % 2 === 0) {
        // A A B A across each eight-bar stretch: repetition is what makes it sound composed.
        const phrase = Math.floor(phraseBar / 2) % 4;
        const motif = phrase === 2 ? song.melody.b : song.melody.a;
        addMelody(echoBus, sampleRate, song, t0, motif, bar);
      }
    } else if (isOutro) {
      addNote(echoBus, sampleRate, t0, song.bar * 0.75, midiToHz(song.tonic + 24 + (chord[0] as number)), 0.16, song.lead);
    }
  }

  addEcho(echoBus, Math.round(song.beat * 0.75 * sampleRate), 0.32);
  for (let i = 0; i < length; i++) mix[i] = (mix[i] as number) + (echoBus[i] as number);

  applyFades(mix, sampleRate, seconds);
  normalise(mix);
  return mix;
}

function compose(seed: number, seconds: number): Song {
  const random = createRandom(seed);
  const mood = pick(random, MOODS);
  const bpm = Math.round(between(random, mood.bpm[0], mood.bpm[1]));
  const beat = 60 / bpm;
  const bar = beat * 4;
  const padWave = pick(random, mood.padWaves);
  const leadWave = pick(random, mood.leadWaves);
  return {
    bpm,
    beat,
    bar,
    bars: Math.ceil(seconds / bar),
    // Tonic between E2 and D#3 keeps the pad in a warm register for any key.
    tonic: 40 + intBetween(random, 0, 11),
    mood,
    progression: pick(random, mood.progressions),
    pad: {
      wave: padWave,
      attack: between(random, 0.15, 0.6),
      decay: 0.4,
      sustain: 0.7,
      release: 0.5,
      cutoff: padWave === 'saw' ? between(random, 900, 1800) : undefined,
    },
    lead: {
      wave: leadWave,
      attack: 0.01,
      decay: between(random, 0.08, 0.25),
      sustain: between(random, 0.5, 0.8),
      release: 0.12,
      cutoff: leadWave === 'saw' ? 2600 : undefined,
      vibrato: between(random, 0.002, 0.006),
    },
    arp:
      random() < 0.6
        ? { wave: pick(random, ['triangle', 'sine'] as const), attack: 0.004, decay: 0.09, sustain: 0.15, release: 0.06 }
        : null,
    bass: { wave: 'warm', attack: 0.01, decay: 0.2, sustain: 0.75, release: 0.08, cutoff: 700 },
    bassPattern: pick(random, ['whole', 'eighths', 'pulse', 'walk'] as const),
    groove: pick(random, GROOVES),
    hatSixteenths: random() < 0.4,
    melody: { a: makeMotif(random, 0.55), b: makeMotif(random, 0.45) },
  };
}

function makeMotif(random: Random, density: number): Motif {
  const motif: Motif = [];
  let step = 0;
  for (let slot = 0; slot < 16; ) {
    // The downbeat always sounds, and the phrase breathes before it repeats.
    const onset = slot === 0 || (slot < 14 && random() < density);
    if (!onset) {
      slot++;
      continue;
    }
    const length = Math.min(pick(random, [1, 1, 2, 2, 3, 4]), 16 - slot);
    motif.push({ slot, length, step });
    step += pick(random, [-2, -1, -1, 0, 1, 1, 2, 3, -3]);
    step = Math.max(-4, Math.min(6, step));
    slot += length;
  }
  return motif;
}

function addMelody(out: Float32Array, sampleRate: number, song: Song, t0: number, motif: Motif, bar: number): void {
  const eighth = song.beat / 2;
  const scale = song.mood.scale;
  for (const note of motif) {
    const inSecondBar = note.slot >= 8;
    const degree = song.progression[(bar + (inSecondBar ? 1 : 0)) % song.progression.length] as number;
    // Anchor the phrase on the chord's root two octaves up, then snap strong
    // beats to a chord tone so the melody agrees with the harmony.
    let index = degree + 7 + note.step;
    if (note.slot % 4 === 0) index = nearestChordTone(index, degree);
    const semitone = scaleSemitone(scale, index);
    addNote(out, sampleRate, t0 + note.slot * eighth, note.length * eighth * 0.92, midiToHz(song.tonic + 12 + semitone), 0.15, song.lead);
  }
}

function nearestChordTone(index: number, degree: number): number {
  for (let distance = 0; distance < 4; distance++) {
    for (const candidate of [index - distance, index + distance]) {
      const offset = (((candidate - degree) % 7) + 7) % 7;
      if (offset === 0 || offset === 2 || offset === 4) return candidate;
    }
  }
  return index;
}

function addBass(out: Float32Array, sampleRate: number, song: Song, t0: number, root: number): void {
  const hz = (semitone: number) => midiToHz(song.tonic - 12 + semitone);
  const gain = 0.22;
  switch (song.bassPattern) {
    case 'whole':
      addNote(out, sampleRate, t0, song.bar * 0.95, hz(root), gain, song.bass);
      break;
    case 'eighths':
      for (let i = 0; i < 8; i++) addNote(out, sampleRate, t0 + (i * song.beat) / 2, song.beat * 0.4, hz(root), gain * 0.85, song.bass);
      break;
    case 'pulse':
      for (const [beat, length] of [[0, 1.5], [1.5, 0.5], [2, 1.5], [3.5, 0.5]] as const) {
        addNote(out, sampleRate, t0 + beat * song.beat, length * song.beat * 0.9, hz(root), gain, song.bass);
      }
      break;
    case 'walk':
      [0, 7, 12, 7].forEach((interval, beat) => {
        addNote(out, sampleRate, t0 + beat * song.beat, song.beat * 0.85, hz(root + interval), gain * 0.9, song.bass);
      });
      break;
  }
}

function addDrums(out: Float32Array, sampleRate: number, song: Song, t0: number, noise: Random): void {
  const sixteenth = song.beat / 4;
  for (const step of song.groove.kick) addKick(out, sampleRate, t0 + step * sixteenth, 0.5);
  for (const step of song.groove.snare) addSnare(out, sampleRate, t0 + step * sixteenth, 0.22, noise);
  const stride = song.hatSixteenths ? 1 : 2;
  for (let step = 0; step < 16; step += stride) {
    const open = !song.hatSixteenths && step === 14;
    const accent = step % 4 === 0 ? 0.06 : 0.04;
    addHat(out, sampleRate, t0 + step * sixteenth, accent, open, noise);
  }
}

function chordSemitones(mood: Mood, degree: number): number[] {
  const steps = mood.sevenths ? [0, 2, 4, 6] : [0, 2, 4];
  return steps.map((step) => scaleSemitone(mood.scale, degree + step));
}

function scaleSemitone(scale: readonly number[], index: number): number {
  const octave = Math.floor(index / scale.length);
  return octave * 12 + (scale[index - octave * scale.length] as number);
}

function applyFades(samples: Float32Array, sampleRate: number, seconds: number): void {
  const fadeIn = Math.min(samples.length, Math.round(0.4 * sampleRate));
  const fadeOut = Math.min(samples.length, Math.round(Math.min(2.5, seconds * 0.12) * sampleRate));
  for (let i = 0; i < fadeIn; i++) samples[i] = (samples[i] as number) * (i / fadeIn);
  for (let i = 0; i < fadeOut; i++) {
    const k = i / fadeOut;
    // Squared gain sounds like an even fade; a linear one seems to drop at the end.
    samples[samples.length - 1 - i] = (samples[samples.length - 1 - i] as number) * k * k;
  }
}

function normalise(samples: Float32Array): void {
  let peak = 0;
  for (let i = 0; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i] as number));
  if (peak === 0) return;
  const gain = PEAK / peak;
  for (let i = 0; i < samples.length; i++) samples[i] = (samples[i] as number) * gain;
}

/**
 * A valid MP3 of about `targetBytes` (never more, at most one frame less) for
 * load tests and upload-limit checks, without paying lamejs ~1 s per 30 s of
 * audio for minutes of music. The encoder runs with the bit reservoir off, so
 * every frame carries its own data (main_data_begin = 0) and a whole encoded
 * piece can be repeated frame by frame; the piece fades in and out, so the
 * joins are silent rather than clicks.
 */
export function synthesizeSongOfSize(targetBytes: number, seed: number, loopSeconds = 30): Buffer {
  if (!(targetBytes >= MIN_FRAME_BYTES)) throw new RangeError(`targetBytes must be at least one MP3 frame (${MIN_FRAME_BYTES} bytes)`);
  const piece = synthesizeSong({ seed, seconds: loopSeconds });
  const frames = mp3Frames(piece);

  const parts: Buffer[] = [];
  let size = 0;
  while (size + piece.length <= targetBytes) {
    parts.push(piece);
    size += piece.length;
  }
  let tail = 0;
  for (const frame of frames) {
    if (size + tail + frame.length > targetBytes) break;
    tail += frame.length;
  }
  if (tail > 0) parts.push(piece.subarray(0, tail));
  if (size + tail === 0) throw new RangeError(`targetBytes ${targetBytes} is smaller than the first frame (${frames[0]?.length} bytes)`);
  return Buffer.concat(parts, size + tail);
}
