import { ErrorCode } from "@casino/contract/errors";
import type { VerificationStatus } from "@casino/contract/verification";
import type { AppContext } from "../../../context";
import { AppError } from "../../../infra/errors";
import type { VerificationProvider } from "./provider";
import { configuredProviderName } from "./providers";
import { verificationRepository } from "./repository";

/**
 * POST /api/player/services/{provider}/auth (KY-04, BE-36): a session with the configured
 * provider for this player, whose token the browser hands to the provider's page. Only the
 * configured provider answers (others 404); a verified player has nothing to start (409).
 * The status becomes pending; only the provider's signed webhook decides it.
 */
export async function startVerification(
  ctx: AppContext,
  providers: ReadonlyMap<string, VerificationProvider>,
  playerId: string,
  providerName: string,
): Promise<{ provider: string; token: string; url: string; status: VerificationStatus }> {
  const configured = await configuredProviderName(ctx);
  const provider = providers.get(providerName);
  if (!provider || configured !== providerName) {
    throw AppError.notFound("Unknown verification provider");
  }
  const repo = verificationRepository(ctx.db);
  const current = await repo.find(playerId);
  if (!current) throw AppError.unauthorized();
  if (current.status === "verified") {
    throw new AppError(409, ErrorCode.Conflict, "Your identity is already verified");
  }
  const session = await provider.createSession({ id: playerId });
  await repo.setStatus(playerId, "pending", ctx.now(), ["verified", "pending"]);
  return { provider: provider.name, token: session.token, url: session.url, status: "pending" };
}
