import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { SessionUser } from '@tunafy/contracts';
import { Strategy } from 'passport-local';
import { AuthService } from './auth.service.js';

/** passport-local over our email + password form; the body was validated by LoginGuard first. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password' });
  }

  validate(email: string, password: string): Promise<SessionUser> {
    return this.auth.verifyCredentials({ email, password });
  }
}
