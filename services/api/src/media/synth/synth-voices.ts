import type { Random } from './random.js';

// The instruments of the demo songs: oscillators with an envelope, drums from noise, and an echo.

export type Wave = 'sine' | 'triangle' | 'saw' | 'warm';

export interface Voice {
  wave: Wave;
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  /** One-pole low-pass cutoff in Hz; tames the saw's upper harmonics. */
  cutoff?: number;
  /** Vibrato depth as a fraction of the frequency, after the attack. */
  vibrato?: number;
}

export function midiToHz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

const SINE_TABLE_SIZE = 4096;
/** Math.sin dominated rendering time; a table with linear interpolation is ~100 dB clean, far below MP3 noise. */
const SINE_TABLE = (() => {
  const table = new Float64Array(SINE_TABLE_SIZE + 1);
  for (let i = 0; i <= SINE_TABLE_SIZE; i++) table[i] = Math.sin((2 * Math.PI * i) / SINE_TABLE_SIZE);
  return table;
})();

/** sin(2π·phase) for phase in [0, 1). */
function sine(phase: number): number {
  const x = phase * SINE_TABLE_SIZE;
  const i = x | 0;
  const a = SINE_TABLE[i] as number;
  return a + (x - i) * ((SINE_TABLE[i + 1] as number) - a);
}

const WAVE_CODES: Record<Wave, number> = { sine: 0, triangle: 1, warm: 2, saw: 3 };

export function addNote(out: Float32Array, sampleRate: number, start: number, duration: number, hz: number, gain: number, voice: Voice): void {
  const first = Math.round(start * sampleRate);
  const held = Math.max(1, Math.round(duration * sampleRate));
  const release = Math.max(1, Math.round(voice.release * sampleRate));
  const last = Math.min(out.length, first + held + release);
  const attack = Math.max(1, Math.round(voice.attack * sampleRate));
  const decay = Math.max(1, Math.round(voice.decay * sampleRate));
  const sustain = voice.sustain;
  const wave = WAVE_CODES[voice.wave];
  const lowpass = voice.cutoff ? 1 - Math.exp((-2 * Math.PI * voice.cutoff) / sampleRate) : 1;
  const increment = hz / sampleRate;
  const vibrato = voice.vibrato ?? 0;
  const vibratoStart = attack * 4;
  const vibratoIncrement = 5.2 / sampleRate;
  let vibratoPhase = 0;
  let phase = 0;
  let filtered = 0;
  let releaseFrom = 0;

  for (let i = first; i < last; i++) {
    const n = i - first;
    let envelope: number;
    if (n < held) {
      if (n < attack) envelope = n / attack;
      else if (n < attack + decay) envelope = 1 - (1 - sustain) * ((n - attack) / decay);
      else envelope = sustain;
      releaseFrom = envelope;
    } else {
      envelope = releaseFrom * (1 - (n - held) / release);
    }

    let value: number;
    if (wave === 0) value = sine(phase);
    else if (wave === 1) value = 1 - 4 * Math.abs(phase - 0.5);
    else if (wave === 2) {
      const octave = phase < 0.5 ? phase * 2 : phase * 2 - 1;
      value = sine(phase) + 0.3 * sine(octave);
    } else value = 2 * phase - 1 - polyBlep(phase, increment);
    filtered += lowpass * (value - filtered);

    out[i] = (out[i] as number) + gain * envelope * filtered;

    let step = increment;
    if (vibrato !== 0 && n > vibratoStart) {
      step *= 1 + vibrato * sine(vibratoPhase);
      vibratoPhase += vibratoIncrement;
      if (vibratoPhase >= 1) vibratoPhase -= 1;
    }
    phase += step;
    if (phase >= 1) phase -= 1;
  }
}

/** Band-limits the saw's jump; a naive saw aliases audibly in the upper octaves. */
function polyBlep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

/** Per-sample factor of an exponential decay with time constant `seconds`. */
function decayFactor(seconds: number, sampleRate: number): number {
  return Math.exp(-1 / (seconds * sampleRate));
}

export function addKick(out: Float32Array, sampleRate: number, start: number, gain: number): void {
  const first = Math.round(start * sampleRate);
  const last = Math.min(out.length, first + Math.round(0.35 * sampleRate));
  const ampDecay = decayFactor(0.12, sampleRate);
  const pitchDecay = decayFactor(0.03, sampleRate);
  let amplitude = gain;
  let sweep = 110;
  let phase = 0;
  for (let i = first; i < last; i++) {
    out[i] = (out[i] as number) + amplitude * sine(phase);
    // The falling pitch is what reads as a kick rather than a bass note.
    phase += (45 + sweep) / sampleRate;
    if (phase >= 1) phase -= 1;
    amplitude *= ampDecay;
    sweep *= pitchDecay;
  }
}

export function addSnare(out: Float32Array, sampleRate: number, start: number, gain: number, noise: Random): void {
  const first = Math.round(start * sampleRate);
  const last = Math.min(out.length, first + Math.round(0.25 * sampleRate));
  const noiseDecay = decayFactor(0.07, sampleRate);
  const bodyDecay = decayFactor(0.04, sampleRate);
  const bodyIncrement = 185 / sampleRate;
  let noiseLevel = gain * 0.7;
  let bodyLevel = gain * 0.5;
  let phase = 0;
  let previous = 0;
  for (let i = first; i < last; i++) {
    const white = noise() * 2 - 1;
    const bright = white - previous * 0.6;
    previous = white;
    out[i] = (out[i] as number) + noiseLevel * bright + bodyLevel * sine(phase);
    phase += bodyIncrement;
    if (phase >= 1) phase -= 1;
    noiseLevel *= noiseDecay;
    bodyLevel *= bodyDecay;
  }
}

export function addHat(out: Float32Array, sampleRate: number, start: number, gain: number, open: boolean, noise: Random): void {
  const first = Math.round(start * sampleRate);
  const decay = open ? 0.09 : 0.018;
  const last = Math.min(out.length, first + Math.round(decay * 6 * sampleRate));
  const factor = decayFactor(decay, sampleRate);
  let level = gain;
  let previous = 0;
  for (let i = first; i < last; i++) {
    const white = noise() * 2 - 1;
    // First difference is a cheap high-pass: hats live above the rest of the mix.
    out[i] = (out[i] as number) + level * (white - previous);
    previous = white;
    level *= factor;
  }
}

export function addEcho(bus: Float32Array, delay: number, feedback: number): void {
  for (let i = delay; i < bus.length; i++) bus[i] = (bus[i] as number) + feedback * (bus[i - delay] as number);
}
