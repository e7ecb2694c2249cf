import { Injectable } from '@nestjs/common';
import { MESSAGES, type LoginInput, type SessionUser, type SignupInput } from '@tunafy/contracts';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { ApiException } from '../common/api-exception.js';
import { DuplicateUserError, UsersRepository, type UserRecord } from '../persistence/users.repository.js';
import { PasswordHasher } from './password-hasher.service.js';

export function toSessionUser(user: UserRecord): SessionUser {
  return { id: user.id, username: user.username, email: user.email };
}

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly catalog: CatalogReadModel,
  ) {}

  async signup(input: SignupInput): Promise<SessionUser> {
    const passwordHash = await this.hasher.hash(input.password);
    try {
      const user = await this.users.create({ email: input.email, username: input.username, passwordHash });
      // Usernames are shown beside everything a user makes.
      await this.catalog.publish([{ kind: 'user', id: user.id }], (model) => model.putUser(user.id, user.username));
      return toSessionUser(user);
    } catch (error) {
      if (error instanceof DuplicateUserError) {
        const message = error.field === 'email' ? MESSAGES.emailTaken : MESSAGES.usernameTaken;
        throw new ApiException(409, 'CONFLICT', 'That account already exists.', { [error.field]: message });
      }
      throw error;
    }
  }

  /** One message for an unknown email and a wrong password, so login does not reveal who has an account. */
  async verifyCredentials(input: LoginInput): Promise<SessionUser> {
    const user = await this.users.findByEmailWithSecret(input.email);
    const matches = await this.hasher.verify(user?.passwordHash ?? null, input.password);
    if (!user || !matches) {
      throw new ApiException(401, 'UNAUTHENTICATED', 'Email or password is incorrect.', { password: MESSAGES.credentialsInvalid });
    }
    // The password is known only now: the one moment an old hash can be replaced by one with today's parameters.
    if (this.hasher.isOutdated(user.passwordHash)) await this.users.updatePasswordHash(user.id, await this.hasher.hash(input.password));
    return toSessionUser(user);
  }
}
