import { Injectable } from '@nestjs/common';

/** The time, behind a provider so service tests can move it instead of waiting. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
