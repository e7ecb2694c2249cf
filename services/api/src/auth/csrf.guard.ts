import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ApiException } from '../common/api-exception.js';
import { CsrfService } from './csrf.service.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every state-changing call needs a valid CSRF token, logged in or not (login CSRF counts too). */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly csrf: CsrfService) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(request.method)) return true;
    if (this.csrf.isValid(request)) return true;
    throw new ApiException(403, 'CSRF_INVALID', 'Missing or invalid CSRF token. Fetch one from GET /api/auth/csrf and send it in the x-csrf-token header.');
  }
}
