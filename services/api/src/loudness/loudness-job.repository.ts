import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { JobLeases } from '../database/job-leases.js';
import { DB_CONNECTION } from '../database/tokens.js';

export type { HeldLease } from '../database/job-leases.js';

/** The loudness job's lease and cursor (`loudness_jobs`, see JobLeases). */
@Injectable()
export class LoudnessJobRepository extends JobLeases {
  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    super(connection, 'loudness_jobs');
  }
}
