import { Counter, Gauge } from 'prom-client';
import { registry } from '../observability/metrics.js';

/** In the API's own registry (GET /api/metrics), beside its other series (docs/api.md). */
export const loudnessAnalyses = new Counter({
  name: 'tunafy_loudness_analyses_total',
  help: 'Songs this process ran through ffmpeg for their loudness, by outcome (measured, failed).',
  labelNames: ['outcome'],
  registers: [registry],
});
export const loudnessAudioSeconds = new Counter({
  name: 'tunafy_loudness_audio_seconds_total',
  help: 'Seconds of audio this process measured; over time, the analysis rate in audio seconds per second.',
  registers: [registry],
});
export const loudnessUnmeasured = new Gauge({
  name: 'tunafy_loudness_unmeasured_songs',
  help: "Songs of this replica's catalog without loudness yet (not measured, or not measurable), as of the job's last progress line.",
  registers: [registry],
});

export const measuredAnalyses = loudnessAnalyses.labels('measured');
export const failedAnalyses = loudnessAnalyses.labels('failed');
measuredAnalyses.inc(0);
failedAnalyses.inc(0);
