import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { HealthResponse } from '@tunafy/contracts';
import type { Response } from 'express';
import type { Connection } from 'mongoose';
import { Public } from '../common/auth.decorators.js';
import { DB_CONNECTION } from '../database/tokens.js';

@Controller('health')
export class HealthController {
  constructor(@Inject(DB_CONNECTION) private readonly connection: Connection) {}

  @Public()
  @Get()
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const databaseUp = await this.pingDatabase();
    res.status(databaseUp ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return { status: databaseUp ? 'ok' : 'degraded', database: databaseUp ? 'up' : 'down', uptime_seconds: Math.round(process.uptime()) };
  }

  private async pingDatabase(): Promise<boolean> {
    try {
      const ping = this.connection.db!.admin().command({ ping: 1 });
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('ping timeout')), 2000).unref());
      await Promise.race([ping, timeout]);
      return true;
    } catch {
      return false;
    }
  }
}
