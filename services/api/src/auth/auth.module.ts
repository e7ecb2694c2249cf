import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { CsrfService } from './csrf.service.js';
import { LocalStrategy } from './local.strategy.js';
import { PasswordHasher } from './password-hasher.service.js';
import { SessionSerializer } from './session.serializer.js';

@Module({
  imports: [PassportModule.register({ session: true })],
  controllers: [AuthController],
  providers: [AuthService, PasswordHasher, LocalStrategy, SessionSerializer, CsrfService],
  exports: [CsrfService, AuthService, PasswordHasher],
})
export class AuthModule {}
