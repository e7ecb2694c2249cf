import { Module } from '@nestjs/common';
import { AppPasswordsController } from './app-passwords.controller.js';
import { AppPasswordsRepository } from './app-passwords.repository.js';
import { AppPasswordsService } from './app-passwords.service.js';

/** App passwords for Subsonic apps: the web's Connected apps calls, and the check the Subsonic API signs apps in with. */
@Module({
  controllers: [AppPasswordsController],
  providers: [AppPasswordsRepository, AppPasswordsService],
  exports: [AppPasswordsService],
})
export class AppPasswordsModule {}
