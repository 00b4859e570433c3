// Risk reasons (spec §3 "Turn-over wager", §7 Wallet, WD-05, WD-06, API-46, BE-28).
import { z } from "zod";
import { DecimalAmount } from "./wallet";

export const TurnOverWagerQuery = z.strictObject({
  currency: z.string().regex(/^[A-Z0-9]{2,10}$/, "Must be a currency code"),
});

/**
 * What the player must still wager before a withdrawal: `total` required, `turnOverWager`
 * wagered so far, `turnOverWagerAmount` still owed (0 when nothing blocks a withdrawal).
 */
export const TurnOverWager = z
  .object({
    total: DecimalAmount,
    turnOverWager: DecimalAmount,
    turnOverWagerAmount: DecimalAmount,
    currency: z.string(),
    /**
     * What the player can withdraw in the currency now (issue 31): the real balance when no
     * wagering is owed, else 0 (a withdrawal is refused while wagering is owed). The one
     * definition both the withdrawal form and the profile wallet show.
     */
    withdrawable: DecimalAmount,
    /**
     * The active bonus that owes the wagering, or null: cancelling it (PUT
     * /api/game/player-bonuses/{playerBonusId}/cancel) forfeits `forfeits` (its bonus money) and
     * the player keeps `keeps` (the real balance, then withdrawable).
     */
    bonus: z
      .object({
        playerBonusId: z.number().int(),
        forfeits: DecimalAmount,
        keeps: DecimalAmount,
      })
      .nullable(),
  })
  .meta({ id: "TurnOverWager" });
export type TurnOverWager = z.infer<typeof TurnOverWager>;
export const TurnOverWagerResponse = z.object({ data: TurnOverWager });
