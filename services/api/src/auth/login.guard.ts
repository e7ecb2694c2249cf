import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { loginSchema, validate } from '@tunafy/contracts';
import type { Request } from 'express';
import { ApiException } from '../common/api-exception.js';

/**
 * Validates the login body with the shared schema (guards run before pipes),
 * then lets passport-local check the credentials and start the session.
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const result = validate(loginSchema, request.body ?? {});
    if (!result.ok) throw ApiException.validation(result.errors);
    request.body = result.value;
    const allowed = (await super.canActivate(context)) as boolean;
    await super.logIn(request);
    return allowed;
  }

  // Keep the strategy's own error (field-keyed 401) instead of passport's generic one.
  override handleRequest<TUser>(error: unknown, user: TUser): TUser {
    if (error) throw error;
    if (!user) throw ApiException.unauthenticated();
    return user;
  }
}
