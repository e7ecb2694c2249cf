import { Counter, Gauge } from 'prom-client';
import { registry } from '../../observability/metrics.js';

const transcodes = new Counter({
  name: 'tunafy_transcodes_total',
  help: 'Transcoding outcomes, by result: started (an ffmpeg ran), hit (served from the cache), joined (shared a running job), failed, refused (past a cap), evicted (cache files removed).',
  labelNames: ['result'],
  registers: [registry],
});

/** docs/streaming.md, "Transcoding": what the API's ffmpeg processes are doing. */
export const transcodeMetrics = {
  started: transcodes.labels('started'),
  hits: transcodes.labels('hit'),
  joined: transcodes.labels('joined'),
  failed: transcodes.labels('failed'),
  refused: transcodes.labels('refused'),
  evicted: transcodes.labels('evicted'),
  running: new Gauge({ name: 'tunafy_transcodes_running', help: 'ffmpeg processes this API process runs right now.', registers: [registry] }),
};
for (const child of [transcodeMetrics.started, transcodeMetrics.hits, transcodeMetrics.joined, transcodeMetrics.failed, transcodeMetrics.refused, transcodeMetrics.evicted]) child.inc(0);
transcodeMetrics.running.set(0);
