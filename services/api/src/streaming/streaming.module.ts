import { Module } from '@nestjs/common';
import { SongStreams } from './song-streams.service.js';
import { StreamingController } from './streaming.controller.js';
import { Transcoder } from '../media/transcoding/transcoder.js';

/** Song streams at a quality: the plan, ffmpeg transcodes and their cache (docs/streaming.md, "Transcoding"). */
@Module({
  controllers: [StreamingController],
  providers: [SongStreams, Transcoder],
  exports: [SongStreams, Transcoder],
})
export class StreamingModule {}
