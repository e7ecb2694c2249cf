import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { SessionUser } from '@tunafy/contracts';
import type { Request } from 'express';
import { ApiException } from './api-exception.js';

export const IS_PUBLIC = 'tunafy:isPublic';

/** Deny by default: only routes marked @Public() answer guests. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

function sessionUser(context: ExecutionContext): SessionUser | null {
  const request = context.switchToHttp().getRequest<Request>();
  return (request.user as SessionUser | undefined) ?? null;
}

/** The logged-in user; the guard has already rejected guests on non-public routes. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): SessionUser => {
  const user = sessionUser(context);
  if (!user) throw ApiException.unauthenticated();
  return user;
});

/** The logged-in user on a public route, or null for a guest. */
export const OptionalUser = createParamDecorator((_: unknown, context: ExecutionContext): SessionUser | null => sessionUser(context));
