// POST /api/game/wallet/{provider}/balance: the balance of the game session's account
// (real + bonus; bonus money arrives with the bonus issue) and the provider's opaque player id.
import type { AppContext } from "../../context";
import type { WalletProvider } from "./provider-keys";
import { providerPlayerId } from "./provider-signature";
import { balanceAnswer, fail, realSession, sessionWallet, subunitOf } from "./provider-wallet";
import type { StoredAnswer } from "./wallet-repository";

export async function walletBalance(
  ctx: AppContext,
  provider: WalletProvider,
  body: { token: string; currency?: string | undefined },
): Promise<StoredAnswer> {
  const session = await realSession(ctx, provider, body.token);
  if (body.currency !== undefined && body.currency !== session.currency) {
    throw fail.currencyMismatch();
  }
  const subunit = await subunitOf(ctx.db, session.currency);
  const wallet = await sessionWallet(ctx.db, session);
  return {
    status: 200,
    body: {
      data: {
        ...balanceAnswer(session.currency, subunit, wallet.balances.real, wallet.balances.bonus),
        playerId: providerPlayerId(provider.playerIdKey ?? "", session.playerId),
      },
    },
  };
}
