// Studio sessions: a launch token (real) or nothing (demo) exchanged for the studio's own
// session token, which the game page sends as a bearer token on every studio call.
import { randomBytes } from "node:crypto";
import type { StudioOpenSessionBody, StudioSession } from "@casino/contract/studio";
import { StudioError } from "@casino/contract/studio";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../infra/errors";
import { decimalsOf, toMajor } from "./amounts";
import { type PlatformClient, PlatformUnreachable, type WalletResult } from "./platform-client";
import { type StudioSessionRecord, studioRepository } from "./repository";
import { currentFairness } from "./seeds";
import {
  DEMO_CURRENCY,
  DEMO_DECIMALS,
  DEMO_START_BALANCE,
  STUDIO_SESSION_TTL_MS,
  type Studio,
  sha256Hex,
} from "./studio";

export const sessionInvalid = (message = "The game session has ended: reopen the game") =>
  new AppError(401, StudioError.SessionInvalid, message);

export const platformUnavailable = (message: string) =>
  new AppError(503, StudioError.PlatformUnavailable, message);

/** A wallet call whose failure to answer becomes a 503 for the player. */
export async function reach(
  call: (platform: PlatformClient) => Promise<WalletResult>,
  platform: PlatformClient,
): Promise<WalletResult> {
  try {
    return await call(platform);
  } catch (error) {
    if (error instanceof PlatformUnreachable) {
      throw platformUnavailable("The casino's wallet cannot be reached right now; try again");
    }
    throw error;
  }
}

export async function openSession(
  studio: Studio,
  body: StudioOpenSessionBody,
): Promise<StudioSession & { sessionToken: string }> {
  const now = studio.ctx.now();
  const repo = studioRepository(studio.ctx.db);
  const sessionToken = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + STUDIO_SESSION_TTL_MS);
  let session: StudioSessionRecord;
  let balance: string;
  if (body.mode === "real") {
    if (!body.token) throw AppError.unprocessable({ token: ["Real play needs the launch token"] });
    const token = body.token;
    const answer = await reach((platform) => platform.balance({ token }), studio.platform);
    if (!answer.ok) {
      throw sessionInvalid(
        "The launch link is no longer valid: start the game again from the site",
      );
    }
    if (!answer.data.playerId) {
      throw platformUnavailable("The casino's wallet did not name the player");
    }
    session = {
      tokenHash: sha256Hex(sessionToken),
      mode: "real",
      playerRef: `p:${answer.data.playerId}`,
      platformToken: token,
      gameCode: body.gameCode,
      currency: answer.data.currency,
      decimals: decimalsOf(answer.data.balance),
      expiresAt,
    };
    balance = answer.data.balance;
  } else {
    session = {
      tokenHash: sha256Hex(sessionToken),
      mode: "demo",
      playerRef: `demo:${randomBytes(12).toString("base64url")}`,
      platformToken: null,
      gameCode: body.gameCode,
      currency: DEMO_CURRENCY,
      decimals: DEMO_DECIMALS,
      expiresAt,
    };
    await repo.ensureDemoBalance(session.playerRef, DEMO_CURRENCY, DEMO_START_BALANCE, now);
    balance = toMajor(DEMO_START_BALANCE, DEMO_DECIMALS);
  }
  await repo.createSession(session, now);
  return { ...(await sessionView(studio, session, balance)), sessionToken };
}

/** The session of the request's bearer token; 401 when missing, unknown or expired. */
export async function authenticate(
  studio: Studio,
  request: FastifyRequest,
): Promise<StudioSessionRecord> {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header) : null;
  if (!match) throw sessionInvalid("Open the game first (no studio session)");
  const session = await studioRepository(studio.ctx.db).findSession(sha256Hex(match[1]!));
  if (!session || session.expiresAt <= studio.ctx.now()) throw sessionInvalid();
  return session;
}

/** The balance as the player sees it now: the wallet's (real) or the demo balance. */
export async function currentBalance(studio: Studio, session: StudioSessionRecord) {
  if (session.mode === "demo") {
    const minor = await studioRepository(studio.ctx.db).demoBalance(session.playerRef);
    return toMajor(minor, session.decimals);
  }
  const token = session.platformToken!;
  const answer = await reach(
    (platform) => platform.balance({ token, currency: session.currency }),
    studio.platform,
  );
  if (!answer.ok) throw sessionInvalid();
  return answer.data.balance;
}

export async function freeSpinsOf(studio: Studio, session: StudioSessionRecord) {
  if (session.mode === "demo" || session.gameCode !== "slot") return [];
  const grants = await studioRepository(studio.ctx.db).activeGrants(
    session.playerRef,
    session.currency,
    session.gameCode,
    studio.ctx.now(),
  );
  return grants.map((grant) => ({
    id: grant.externalId,
    spinsLeft: grant.spinsLeft,
    betPerSpin: grant.betPerSpin,
    expiresAt: grant.expiresAt.toISOString(),
  }));
}

export async function sessionView(
  studio: Studio,
  session: StudioSessionRecord,
  balance?: string,
): Promise<StudioSession> {
  return {
    mode: session.mode,
    gameCode: session.gameCode as StudioSession["gameCode"],
    currency: session.currency,
    balance: balance ?? (await currentBalance(studio, session)),
    fairness: await currentFairness(studio, session.playerRef),
    freeSpins: await freeSpinsOf(studio, session),
  };
}
