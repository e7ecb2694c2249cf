import { describe, expect, it } from 'vitest';
import { decodedNothing, ebur128Args, parseEbur128Summary } from './loudness-analyzer.js';

const summary = (integrated: string, peak: string) => `Input #0, flac, from 'x.flac':
[Parsed_ebur128_0 @ 0x55f0c1858d80] Summary:

  Integrated loudness:
    I:         ${integrated} LUFS
    Threshold: -35.6 LUFS

  Loudness range:
    LRA:         0.1 LU
    Threshold: -45.6 LUFS
    LRA low:   -25.7 LUFS
    LRA high:  -25.6 LUFS

  True peak:
    Peak:      ${peak} dBFS
`;

describe('ebur128 summary', () => {
  it('reads integrated loudness and true peak', () => {
    expect(parseEbur128Summary(summary('-25.6', '-14.2'))).toEqual({ lufs: -25.6, peakDb: -14.2 });
    expect(parseEbur128Summary(summary('-8.0', '1.3'))).toEqual({ lufs: -8, peakDb: 1.3 });
  });

  it('reads digital silence (-70 LUFS, -inf peak)', () => {
    expect(parseEbur128Summary(summary('-70.0', '-inf'))).toEqual({ lufs: -70, peakDb: Number.NEGATIVE_INFINITY });
  });

  it('answers null without a summary or with a broken one', () => {
    expect(parseEbur128Summary('x.mp3: Invalid data found when processing input')).toBeNull();
    expect(parseEbur128Summary(summary('nan', '-1.0'))).toBeNull();
  });

  it('tells a file that decoded to nothing from silence by ffmpeg’s closing statistics', () => {
    expect(decodedNothing('video:0kB audio:0kB subtitle:0kB other streams:0kB global headers:0kB muxing overhead: unknown')).toBe(true);
    expect(decodedNothing('video:0kB audio:10kB subtitle:0kB other streams:0kB global headers:0kB muxing overhead: unknown')).toBe(false);
  });

  it('measures the first audio stream only, summary only, without a shell', () => {
    const args = ebur128Args('/tmp/a b.flac');
    expect(args).toContain('/tmp/a b.flac');
    expect(args.slice(args.indexOf('-map'), args.indexOf('-map') + 2)).toEqual(['-map', '0:a:0']);
    expect(args).toContain('ebur128=peak=true:framelog=verbose');
  });
});
