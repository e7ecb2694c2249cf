import { Mp3Encoder } from '@breezystack/lamejs';

// MP3 in and out for the demo songs: lamejs encodes, and a frame walk checks the stream and cuts it at frame bounds.

export const SAMPLE_RATE = 44100;
export const KBPS = 128;
/**
 * Mono because lamejs is pure JS and its stereo path costs almost twice the
 * time (measured: ~1.9 s vs ~1.0 s for 30 s of audio), while a demo piece
 * gains little from width.
 */
const CHANNELS = 1;
const SAMPLES_PER_FRAME = 1152;

export function encodeMp3(samples: Float32Array, sampleRate: number, kbps: number): Buffer {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.round((samples[i] as number) * 32767);
    pcm[i] = value > 32767 ? 32767 : value < -32768 ? -32768 : value;
  }
  // The package's "require" entry is a browser IIFE that exports nothing, so a
  // CommonJS build or loader gets an empty module; say so instead of
  // "Mp3Encoder is not a constructor".
  if (typeof Mp3Encoder !== 'function') throw new Error('@breezystack/lamejs must be loaded as an ES module (its CommonJS entry exports nothing)');
  const encoder = new Mp3Encoder(CHANNELS, sampleRate, kbps);
  const chunks: Buffer[] = [];
  const block = SAMPLES_PER_FRAME * 32;
  for (let offset = 0; offset < pcm.length; offset += block) {
    chunks.push(toBuffer(encoder.encodeBuffer(pcm.subarray(offset, offset + block))));
  }
  chunks.push(toBuffer(encoder.flush()));
  return Buffer.concat(chunks);
}

/** lamejs returns an Int8Array (its d.ts says Uint8Array); view its bytes instead of converting values. */
function toBuffer(bytes: ArrayBufferView): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** 128 kbps at 44.1 kHz: 417 bytes, 418 with the padding byte. */
export const MIN_FRAME_BYTES = Math.floor((144000 * KBPS) / SAMPLE_RATE);
const MPEG1_LAYER3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0];
const MPEG1_SAMPLE_RATES = [44100, 48000, 32000, 0];

/**
 * Byte offsets and lengths of the MPEG-1 Layer III frames in `mp3`, which
 * must be a bare frame stream as synthesizeSong produces (no ID3 tag).
 * Throws where a frame header is missing, so it doubles as a validity check.
 */
export function mp3Frames(mp3: Uint8Array): { offset: number; length: number }[] {
  const frames: { offset: number; length: number }[] = [];
  let offset = 0;
  while (offset < mp3.length) {
    if (offset + 4 > mp3.length) throw new Error(`truncated MP3 frame header at byte ${offset}`);
    const b1 = mp3[offset + 1] as number;
    const b2 = mp3[offset + 2] as number;
    // 0xFFF sync, MPEG-1 (version bits 11), Layer III (layer bits 01).
    if (mp3[offset] !== 0xff || (b1 & 0xfe) !== 0xfa) throw new Error(`no MPEG-1 Layer III frame at byte ${offset}`);
    const kbps = MPEG1_LAYER3_KBPS[b2 >> 4] as number;
    const sampleRate = MPEG1_SAMPLE_RATES[(b2 >> 2) & 3] as number;
    if (!kbps || !sampleRate) throw new Error(`unsupported MP3 frame header at byte ${offset}`);
    const length = Math.floor((144000 * kbps) / sampleRate) + ((b2 >> 1) & 1);
    if (offset + length > mp3.length) throw new Error(`truncated MP3 frame at byte ${offset}`);
    frames.push({ offset, length });
    offset += length;
  }
  return frames;
}
