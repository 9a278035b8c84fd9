import { hashSecret, newSecretToken } from '../../security/secret-token';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { AppError, unauthenticated } from '../../errors';

export const ACCESS_TOKEN_SECONDS = 3600;
const ISSUER = 'kindling';
/** A user id as we sign it: anything else would reach the database as NaN. */
const USER_ID = /^[1-9][0-9]{0,15}$/;

export interface TokenSubject {
  userId: number;
  email: string;
  realName: string;
  sessionId: string;
  /** A guest session (GUEST_ACCESS): its access tokens carry the guest role. */
  guest?: boolean;
}

/** The role claim of a guest's access token, read by the guest guard without a database call. */
export const GUEST_ROLE = 'guest';

export interface IssuedTokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
}

export type TokenService = ReturnType<typeof createTokenService>;

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);

  async function sign(claims: Record<string, unknown>, subject: number, nowSeconds: number) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(String(subject))
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + ACCESS_TOKEN_SECONDS)
      .sign(key);
  }

  return {
    /** Access and id tokens are short-lived JWTs; the refresh token is opaque and stored hashed. */
    async issue(subject: TokenSubject, refreshToken: string): Promise<IssuedTokens> {
      const now = Math.floor(Date.now() / 1000);
      const [accessToken, idToken] = await Promise.all([
        sign(
          {
            typ: 'access',
            sid: subject.sessionId,
            ...(subject.guest ? { role: GUEST_ROLE } : {}),
          },
          subject.userId,
          now,
        ),
        sign({ typ: 'id', email: subject.email, name: subject.realName }, subject.userId, now),
      ]);
      return { accessToken, idToken, refreshToken, expiresIn: ACCESS_TOKEN_SECONDS };
    },

    async verifyAccessToken(
      token: string,
    ): Promise<{ userId: number; sessionId: string; guest: boolean }> {
      try {
        // `issuer` already makes `iss` required. Without `exp` jose would accept a token forever.
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub', 'sid', 'typ'],
        });
        if (
          payload.typ !== 'access' ||
          typeof payload.sid !== 'string' ||
          !USER_ID.test(payload.sub ?? '')
        ) {
          throw unauthenticated();
        }
        return {
          userId: Number(payload.sub),
          sessionId: payload.sid,
          guest: payload.role === GUEST_ROLE,
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JOSEError) throw unauthenticated();
        throw error;
      }
    },
  };
}

export { newSecretToken as newRefreshToken, hashSecret as hashRefreshToken };
