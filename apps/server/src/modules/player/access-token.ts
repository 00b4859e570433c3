import { errors, jwtVerify, SignJWT } from "jose";

/** Claims of the access token: `sub` profile id, `sid` server-side session id. */
export interface AccessClaims {
  profileId: string;
  sessionId: string;
}

const encoder = new TextEncoder();

/** A short-lived HS256 JWT with iat and exp (ADR 0005). */
export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  now: Date,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.profileId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(encoder.encode(secret));
  return { token, expiresAt: new Date(exp * 1000) };
}

/** The claims of a valid, unexpired token; null for anything else (bad signature, expired, junk). */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
  options: { allowExpired?: boolean } = {},
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ["HS256"],
      currentDate: now,
      // Logout accepts an expired token: ending one's own session needs no fresh proof.
      ...(options.allowExpired ? { clockTolerance: Number.MAX_SAFE_INTEGER } : {}),
      requiredClaims: ["sub", "exp", "iat"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return { profileId: payload.sub, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match ? match[1]! : null;
}
