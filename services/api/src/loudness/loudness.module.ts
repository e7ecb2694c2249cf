import { Global, Module } from '@nestjs/common';
import { LOUDNESS_CONFIG, loudnessConfigFrom } from './loudness-config.js';
import { LoudnessJob } from './loudness-job.js';
import { LoudnessJobRepository } from './loudness-job.repository.js';
import { LoudnessService } from './loudness.service.js';

/**
 * Loudness measurement (docs/streaming.md, "Loudness"). Global so the song form and the bulk import queue their new
 * songs here without importing this feature's module (it reads songs and media from the global modules).
 */
@Global()
@Module({
  providers: [{ provide: LOUDNESS_CONFIG, useFactory: () => loudnessConfigFrom() }, LoudnessService, LoudnessJobRepository, LoudnessJob],
  exports: [LoudnessService],
})
export class LoudnessModule {}
