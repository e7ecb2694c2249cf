import { describe, expect, it } from 'vitest';
import { sniffContainer } from './read-audio';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));

describe('judging a file by its bytes', () => {
  it('names the container from the signature, not the name', () => {
    expect(sniffContainer(bytes('fLaC', [0, 0, 0, 34]))).toBe('flac');
    expect(sniffContainer(bytes('OggS', [0, 2]))).toBe('ogg');
    expect(sniffContainer(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBe('wav');
    expect(sniffContainer(bytes([0, 0, 0, 32], 'ftypM4A '))).toBe('mp4');
    expect(sniffContainer(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    // An ID3 tag of 4 bytes, then a frame.
    expect(sniffContainer(bytes('ID3', [3, 0, 0, 0, 0, 0, 4], 'TIT2', [0xff, 0xfb]))).toBe('mp3');
    expect(sniffContainer(bytes('This is only text, named .flac'))).toBeNull();
  });
});
