/**
 * Enumeration values of the global constants (spec section 3 names them, never their values).
 * Where the spec shows a value, it is kept: profile status 2 = limited, invoice status
 * 1 pending / 2 success / 3 failure, bonus and free-spin status-result keys 1-1, 2-1, 3-2, 3-3,
 * 3-4 and 3-5 (section 4).
 */
export const seedConstants: Record<string, [number, string][]> = {
  "player.playerStatuses": [
    [1, "active"],
    [2, "limited"],
    [3, "blocked"],
    [4, "closed"],
  ],
  "player.document.status": [
    [1, "pending"],
    [2, "approved"],
    [3, "rejected"],
  ],
  "payment.invoiceStatuses": [
    [1, "pending"],
    [2, "success"],
    [3, "failure"],
    [4, "declined"],
  ],
  "payment.invoiceTypes": [
    [1, "deposit"],
    [2, "withdrawal"],
  ],
  "game.bet.status": [
    [1, "pending"],
    [2, "won"],
    [3, "lost"],
    [4, "refunded"],
  ],
  "game.playerBonus.status": [
    [1, "issued"],
    [2, "active"],
    [3, "finished"],
  ],
  "game.playerBonus.result": [
    [1, "issued"],
    [2, "played"],
    [3, "canceled"],
    [4, "expired"],
    [5, "lost"],
  ],
  "game.playerFreespin.status": [
    [1, "issued"],
    [2, "active"],
    [3, "finished"],
  ],
  "game.playerFreespin.result": [
    [1, "issued"],
    [2, "played"],
    [3, "canceled"],
    [4, "expired"],
  ],
};
