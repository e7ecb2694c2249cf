import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { loadConfig } from './config/app-config.js';
import { SeedService } from './seed/seed.service.js';

/** `npm run seed`: (re)loads the demo catalog; only what is missing is created. */
const config = { ...loadConfig(), seedOnEmpty: false, janitorIntervalMs: 0 };
const app = await NestFactory.createApplicationContext(AppModule.register(config), { logger: ['error', 'warn'] });
const report = await app.get(SeedService).load();
console.log(`demo catalog reloaded: created ${JSON.stringify(report.created)}`);
await app.close();
