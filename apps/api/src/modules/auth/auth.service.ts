// Sign-in, registration, token refresh, logout and "who am I". REST (auth.rest.ts) and tRPC (auth.router.ts)
// are thin adapters over these functions. One-time codes and password reset live in otp.service.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword, Prisma, verifyPassword, type Db } from '@garage/db';
import { AUTH_MESSAGES, parseIdentifier, type AuthSession, type AuthUser, type LoginInput, type RegisterInput } from '@garage/shared';
import { clearBucket, reserveAttempt } from '../../http/throttle.ts';
import { AppError, conflict, fieldError } from '../../lib/errors.ts';
import { consumeRefreshToken, issueRefreshToken, revokeByToken, revokeFamily, type ClientInfo } from '../../session/refresh-tokens.ts';
import { signAccessToken } from '../../session/session.ts';
import { AUTH_THROTTLE, buckets } from './auth.throttle.ts';
import { authUserSelect, canSignIn, findAccount, toAuthUser } from './users.ts';

export interface AuthContext {
  db: Db;
  jwtSecret: string;
  client: ClientInfo;
}

const invalidCredentials = () => new AppError('UNAUTHORIZED', 'invalidCredentials');
const deactivated = () => new AppError('FORBIDDEN', 'auth.accountDeactivated');

let dummyHash: Promise<string> | undefined;
/** A real argon2 hash to verify against when there is no account, so unknown identifiers take as long. */
const timingDecoyHash = () => (dummyHash ??= hashPassword(randomBytes(24).toString('base64url')));

export async function startSession(ctx: AuthContext, user: AuthUser, familyId: string = randomUUID()): Promise<AuthSession> {
  // The access token names its refresh token family: logging out (or a replayed refresh token) ends both.
  const accessToken = signAccessToken({ userId: user.id, roles: [user.role] }, ctx.jwtSecret, undefined, familyId);
  const refreshToken = await issueRefreshToken(ctx.db, user.id, ctx.client, { familyId });
  return { accessToken, refreshToken, user };
}

/**
 * Wrong identifier and wrong password answer alike (401, same text, same argon2 time). A deactivated or
 * deleted account is only revealed (403) to someone who knows its password.
 */
export async function login(ctx: AuthContext, input: LoginInput): Promise<AuthSession> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) throw fieldError('identifier', 'invalidCredentials');
  // Failures count per account, whichever of its identifiers was typed (username, email and phone must
  // not give three sets of guesses); an identifier that matches no account counts on its own.
  const account = await findAccount(ctx.db, identifier);
  const identifierBucket = account ? buckets.loginAccount(account.id) : buckets.loginIdentifier(identifier.key);
  const attempt = await reserveAttempt(ctx.db, [
    { bucket: identifierBucket, ...AUTH_THROTTLE.loginPerIdentifier },
    { bucket: buckets.loginIp(ctx.client.ip), ...AUTH_THROTTLE.loginPerIp },
  ]);

  const passwordOk = await verifyPassword(account?.passwordHash ?? (await timingDecoyHash()), input.password);
  if (!account?.passwordHash || !passwordOk) throw invalidCredentials();

  await attempt.release();
  if (!canSignIn(account)) throw deactivated();
  await clearBucket(ctx.db, identifierBucket);
  return startSession(ctx, toAuthUser(account));
}

/** Self-service sign-up (SPEC §7 POST /register): a CLIENT account, signed in right away. */
export async function register(ctx: AuthContext, input: RegisterInput): Promise<AuthSession> {
  await reserveAttempt(ctx.db, [{ bucket: buckets.registerIp(ctx.client.ip), ...AUTH_THROTTLE.registerPerIp }]);
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await ctx.db.user.create({
      data: { username: input.username, firstName: input.username, lastName: '', role: 'CLIENT', passwordHash },
      select: authUserSelect,
    });
    return startSession(ctx, user);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw conflict('auth.usernameTaken', { field: 'username' });
    }
    throw error;
  }
}

/** Rotates the refresh token; a replayed (already rotated) token revokes its whole family. */
export async function refresh(ctx: AuthContext, refreshToken: string | undefined): Promise<AuthSession> {
  if (!refreshToken) throw new AppError('UNAUTHORIZED', 'noRefreshToken');
  const { userId, familyId } = await consumeRefreshToken(ctx.db, refreshToken);
  const account = await ctx.db.user.findUnique({ where: { id: userId }, select: { ...authUserSelect, active: true, deletedAt: true } });
  if (!account || !canSignIn(account)) {
    await revokeFamily(ctx.db, familyId);
    throw deactivated();
  }
  return startSession(ctx, toAuthUser(account), familyId);
}

export async function logout(db: Db, refreshToken: string | undefined): Promise<{ message: string }> {
  if (refreshToken) await revokeByToken(db, refreshToken);
  return { message: AUTH_MESSAGES.loggedOut };
}

/** The signed-in user; a token whose account was since deactivated or deleted no longer counts. */
export async function me(db: Db, userId: string): Promise<AuthUser> {
  const account = await db.user.findUnique({ where: { id: userId }, select: { ...authUserSelect, active: true, deletedAt: true } });
  if (!account || !canSignIn(account)) throw new AppError('UNAUTHORIZED', 'unauthorized');
  return toAuthUser(account);
}
