// Wallet accounts (spec §3 "Wallet account", §7 Wallet; BE-21). Amounts are exact decimal strings
// in major units of the account's currency (DESIGN.md "Money"): "12.50", "0.000125".
import { z } from "zod";

/** An exact, non-negative decimal amount in major units, as the API writes it. */
export const DecimalAmount = z.string().regex(/^\d+(\.\d+)?$/);

/** Wallet account status: 1 active (exactly one per player), 2 inactive. */
export const WalletAccountStatus = { Active: 1, Inactive: 2 } as const;

export const WalletAccount = z
  .object({
    id: z.string(),
    currency: z.string(),
    status: z.union([z.literal(1), z.literal(2)]),
    /** Everything the player holds in this currency: real money plus bonus money. */
    balance: DecimalAmount,
    /** Real money the player may withdraw now (pending withdrawals already set aside). */
    withdrawalBalance: DecimalAmount,
    /** Bonus money (wagering not yet complete). */
    bonusBalance: DecimalAmount,
    isHidden: z.boolean(),
  })
  .meta({ id: "WalletAccount" });
export type WalletAccount = z.infer<typeof WalletAccount>;

export const WalletAccountList = z.object({ data: z.array(WalletAccount) });
export const WalletAccountResponse = z.object({ data: WalletAccount });

/** POST /api/wallet/accounts {currency} (WL-11). */
export const CreateWalletAccountBody = z.strictObject({
  currency: z.string().regex(/^[A-Z0-9]{2,10}$/, "Must be a currency code"),
});
export const WalletAccountParams = z.object({ id: z.uuid() });

/** The payload published on `wallet:accounts#{profileId}` when an account changes. */
export const WalletAccountsEvent = z.object({
  type: z.enum(["wallet.account.created", "wallet.account.updated"]),
  account: WalletAccount,
});
export type WalletAccountsEvent = z.infer<typeof WalletAccountsEvent>;

export function walletAccountsChannel(profileId: string): string {
  return `wallet:accounts#${profileId}`;
}
