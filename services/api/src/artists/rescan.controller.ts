import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { rescanRequestSchema, validate, type RescanStatus, type SessionUser } from '@tunafy/contracts';
import { ApiException } from '../common/api-exception.js';
import { CurrentUser } from '../common/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Rescanner, type RescanProgress } from './rescan.js';

/** The instance's rescan, for the accounts the operator names in ADMIN_EMAILS (docs/artists.md). */
@Controller('admin/rescan')
export class RescanController {
  constructor(
    private readonly rescanner: Rescanner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(202)
  start(@CurrentUser() user: SessionUser, @Body() body: unknown): RescanStatus {
    this.requireAdmin(user);
    const request = validate(rescanRequestSchema, body ?? {});
    if (!request.ok) throw ApiException.validation(request.errors);
    // Runs on after the answer; its failures are logged by the rescanner, and GET reports its progress.
    void this.rescanner.start({ restart: request.value.restart === true }).catch(() => undefined);
    return toStatus(this.rescanner.status());
  }

  @Get()
  status(@CurrentUser() user: SessionUser): RescanStatus {
    this.requireAdmin(user);
    return toStatus(this.rescanner.status());
  }

  private requireAdmin(user: SessionUser): void {
    if (!this.config.adminEmails.includes(user.email.toLowerCase())) throw ApiException.forbidden('Only the instance’s administrators (ADMIN_EMAILS) may do this.');
  }
}

function toStatus(progress: RescanProgress | null): RescanStatus {
  if (!progress) return { running: false, total: 0, done: 0, credited: 0, untagged: 0, unreadable: 0, already_credited: 0, started_at: null };
  return {
    running: progress.running,
    total: progress.total,
    done: progress.done,
    credited: progress.credited,
    untagged: progress.untagged,
    unreadable: progress.unreadable,
    already_credited: progress.alreadyCredited,
    started_at: new Date(progress.startedAt).toISOString(),
  };
}
