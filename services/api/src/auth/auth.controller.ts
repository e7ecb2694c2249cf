import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { signupSchema, type CsrfTokenResponse, type SessionProbe, type SessionUser, type SignupInput } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { ApiException } from '../common/api-exception.js';
import { OptionalUser, Public } from '../common/auth.decorators.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { AuthService } from './auth.service.js';
import { CsrfService } from './csrf.service.js';
import { LoginGuard } from './login.guard.js';
import { endSession, startSession } from './session-lifecycle.js';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly csrf: CsrfService,
  ) {}

  @Public()
  @Get()
  session(@OptionalUser() user: SessionUser | null): SessionUser {
    if (!user) throw ApiException.unauthenticated('Not logged in.');
    return user;
  }

  /** The web app's check: a guest is an answer, not an error (no 401 in a visitor's console, issue 31). */
  @Public()
  @Get('session')
  probe(@OptionalUser() user: SessionUser | null): SessionProbe {
    return { user };
  }

  @Public()
  @Get('csrf')
  token(@Req() req: Request, @Res({ passthrough: true }) res: Response): CsrfTokenResponse {
    return { csrf_token: this.csrf.issue(req, res) };
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard, LoginGuard)
  login(@Req() req: Request, @Res({ passthrough: true }) res: Response): SessionUser {
    this.csrf.issue(req, res);
    return req.user as SessionUser;
  }

  @Public()
  @Post('signup')
  @UseGuards(ThrottlerGuard)
  async signup(
    @Body(new ZodPipe(signupSchema)) input: SignupInput,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionUser> {
    const user = await this.auth.signup(input);
    await startSession(req, user);
    this.csrf.issue(req, res);
    return user;
  }

  @Public()
  @Get('logout')
  async logoutByGet(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ message: string }> {
    // A GET cannot carry the CSRF header; browsers tell us where it came from instead.
    if (req.get('sec-fetch-site') === 'cross-site') throw ApiException.forbidden('Log out from Tunafy itself.');
    return this.logout(req, res);
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ message: string }> {
    await endSession(req, res);
    this.csrf.issue(req, res);
    return { message: 'Logged out.' };
  }
}
