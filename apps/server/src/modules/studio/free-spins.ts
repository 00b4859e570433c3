// POST /studio/api/platform/free-spins: the platform grants a player free spins of the slot
// (signed like the wallet calls, with the same provider secret). Idempotent by externalId: the
// same grant again answers the stored grant; the same id with other terms is a 409.
import { timingSafeEqual } from "node:crypto";
import type { StudioFreeSpinsGrantBody } from "@casino/contract/studio";
import { AppError } from "../../infra/errors";
import { SIGNATURE_HEADER, signWalletBody, TIMESTAMP_HEADER } from "./platform-client";
import { studioRepository } from "./repository";
import { type Studio, sha256Hex } from "./studio";

const SIGNATURE_TOLERANCE_SECONDS = 300;

/** 401 unless the body is signed with the in-house provider's secret, within five minutes. */
export function verifyPlatformSignature(input: {
  secret: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  now: Date;
}): void {
  const refuse = () => new AppError(401, 401, "Missing, stale or wrong signature");
  const signature = input.headers[SIGNATURE_HEADER];
  const timestamp = input.headers[TIMESTAMP_HEADER];
  if (typeof signature !== "string" || typeof timestamp !== "string") throw refuse();
  if (!/^\d{1,12}$/.test(timestamp)) throw refuse();
  if (Math.abs(input.now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
    throw refuse();
  }
  const expected = Buffer.from(signWalletBody(input.secret, Number(timestamp), input.rawBody));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
}

export async function grantFreeSpins(studio: Studio, body: StudioFreeSpinsGrantBody) {
  const now = studio.ctx.now();
  const expiresAt = new Date(body.expiresAt);
  if (expiresAt <= now) throw AppError.unprocessable({ expiresAt: ["Must be in the future"] });
  if (!/[1-9]/.test(body.betPerSpin)) {
    throw AppError.unprocessable({ betPerSpin: ["Must be more than 0"] });
  }
  const playerRef = `p:${body.playerId}`;
  const requestHash = sha256Hex(
    [
      playerRef,
      body.currency,
      body.gameCode,
      body.spins,
      body.betPerSpin,
      expiresAt.toISOString(),
    ].join("\n"),
  );
  const repo = studioRepository(studio.ctx.db);
  const inserted = await repo.insertGrant(
    {
      externalId: body.externalId,
      playerRef,
      currency: body.currency,
      gameCode: body.gameCode,
      betPerSpin: body.betPerSpin,
      spinsTotal: body.spins,
      expiresAt,
      requestHash,
    },
    now,
  );
  const grant = inserted ?? (await repo.findGrant(body.externalId));
  if (!grant) throw new Error("studio: the grant vanished");
  if (grant.requestHash !== requestHash) {
    throw new AppError(409, 409, "This externalId was used before with other terms");
  }
  return {
    id: grant.id,
    externalId: grant.externalId,
    spinsLeft: grant.spinsLeft,
    replay: inserted === null,
  };
}
