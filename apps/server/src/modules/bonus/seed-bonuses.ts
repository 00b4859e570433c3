// The demo bonus configuration (operator data; seed_runs "bonuses", once): a welcome package
// over the first three deposits (100 % up to 200, 50 % up to 300, 50 free spins on Fruit Lines),
// a capped percent reload, a cash bonus, two bonus codes (WELCOME5 applies at once, DEPOSIT50 at
// the next deposit), the bonus free-spin winnings become, game rules (Lucky Sevens counts 0 %
// for wagering, Pharaoh Spins is refused while a bonus is active, European Roulette counts
// 10 %) and cashback of 10 % a week in EUR and USD. Base-currency amounts are USD.
import type { Db, Queryable } from "../../infra/db";

const BONUS_SEED = "bonuses";
const SEED_LOCK_KEY = 7_302_015_024;

interface SeedBonus {
  slug: string;
  name: string;
  description: string;
  type: 1 | 2 | 3;
  kind?: "deposit" | "code" | "reward";
  packageStep?: number;
  assign: Record<string, unknown>;
  trigger?: Record<string, unknown>;
  wager: string;
  maxBet?: string;
  expiresInDays?: number;
  freespinGame?: string;
  freespinBet?: string;
  position: number;
}

const range = (from: string | null, to: string | null) => ({
  invoiceAmountItems: [{ currency: "EUR", amountFrom: from, amountTo: to }],
  baseCurrencyInvoiceAmountFrom: from,
  baseCurrencyInvoiceAmountTo: to,
});

export const seedBonusDefinitions: SeedBonus[] = [
  {
    slug: "welcome-1",
    name: "Welcome bonus: 100% match",
    description:
      "First deposit: 100% of it as a bonus, up to the cap shown in your currency. Wager it 35 times.",
    type: 2,
    packageStep: 1,
    assign: {
      depositPercentage: "100",
      maxAmountItems: [{ currency: "EUR", amount: "200" }],
      baseCurrencyMaxAmount: "200",
    },
    trigger: range("10", "5000"),
    wager: "35",
    maxBet: "5",
    position: 1,
  },
  {
    slug: "welcome-2",
    name: "Welcome bonus: 50% match",
    description:
      "Second deposit: 50% of it as a bonus, up to the cap shown in your currency. Wager it 35 times.",
    type: 2,
    packageStep: 2,
    assign: {
      depositPercentage: "50",
      maxAmountItems: [{ currency: "EUR", amount: "300" }],
      baseCurrencyMaxAmount: "300",
    },
    trigger: range("20", "5000"),
    wager: "35",
    maxBet: "5",
    position: 1,
  },
  {
    slug: "welcome-3",
    name: "Welcome bonus: 50 free spins",
    description: "Third deposit: 50 free spins on Fruit Lines.",
    type: 3,
    packageStep: 3,
    assign: { presets: { quantity: 50 } },
    trigger: range("20", null),
    wager: "0",
    freespinGame: "fruit-lines",
    freespinBet: "0.2",
    position: 1,
  },
  {
    slug: "reload-25",
    name: "Reload: 25% match",
    description:
      "25% of the deposit as a bonus, up to the cap shown in your currency. Wager it 30 times.",
    type: 2,
    assign: {
      depositPercentage: "25",
      maxAmountItems: [{ currency: "EUR", amount: "100" }],
      baseCurrencyMaxAmount: "100",
    },
    trigger: range("20", "2000"),
    wager: "30",
    maxBet: "5",
    position: 2,
  },
  {
    slug: "cash-10",
    name: "Cash bonus",
    description:
      "Deposit the minimum shown or more and get the bonus money shown, in your currency. Wager it 20 times.",
    type: 1,
    assign: { amountItems: [{ currency: "EUR", amount: "10" }], baseCurrencyAmount: "10" },
    trigger: range("50", null),
    wager: "20",
    position: 3,
  },
  {
    slug: "no-deposit-5",
    name: "Free bonus money",
    description:
      "Code WELCOME5: bonus money at once. Wager it 40 times; the largest bet is shown with it.",
    type: 1,
    kind: "code",
    assign: { amountItems: [{ currency: "EUR", amount: "5" }], baseCurrencyAmount: "5" },
    wager: "40",
    maxBet: "2",
    expiresInDays: 7,
    position: 10,
  },
  {
    slug: "code-deposit-50",
    name: "Code bonus: 50% match",
    description:
      "Code DEPOSIT50: 50% of the next deposit, up to the cap shown in your currency. Wager it 30 times.",
    type: 2,
    kind: "code",
    assign: {
      depositPercentage: "50",
      maxAmountItems: [{ currency: "EUR", amount: "100" }],
      baseCurrencyMaxAmount: "100",
    },
    trigger: range("20", null),
    wager: "30",
    maxBet: "5",
    position: 11,
  },
  {
    slug: "cashback",
    name: "Cashback",
    description: "Part of last period's net loss back, as a bonus. Wager it once.",
    type: 1,
    kind: "reward",
    assign: {},
    wager: "1",
    position: 21,
  },
  {
    slug: "freespin-winnings",
    name: "Free-spin winnings",
    description: "What free spins won, as a bonus. Wager it 20 times.",
    type: 1,
    kind: "reward",
    assign: {},
    wager: "20",
    maxBet: "5",
    position: 20,
  },
];

const GAME_RULES = [
  { game: "lucky-sevens", contribution: "0", restricted: false },
  { game: "pharaoh-spins", contribution: "0", restricted: true },
  { game: "european-roulette", contribution: "10", restricted: false },
];

const CODES = [
  { code: "WELCOME5", bonus: "no-deposit-5", trigger: 1 },
  { code: "DEPOSIT50", bonus: "code-deposit-50", trigger: 3 },
];

const CASHBACK = [
  { currency: "EUR", percentage: "10", period: "weekly", min: "100", max: "50000" },
  { currency: "USD", percentage: "10", period: "weekly", min: "100", max: "50000" },
];

const perCurrency = (amount: string | undefined) =>
  amount === undefined
    ? null
    : JSON.stringify({ items: [{ currency: "EUR", amount }], baseCurrencyAmount: amount });

export async function insertBonusSeed(tx: Queryable): Promise<void> {
  const [pkg] = await tx.query<{ id: number }>(
    `INSERT INTO bonus_packages (slug, name) VALUES ('welcome', 'Welcome package')
     ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
  );
  for (const bonus of seedBonusDefinitions) {
    await tx.query(
      `INSERT INTO bonuses (slug, name, description, type, kind, package_id, package_position,
         assign_conditions, trigger_conditions, wager_multiplier, max_bet, expires_in_days,
         freespin_game_id, freespin_bet, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10::numeric, $11::jsonb, $12,
               (SELECT id FROM games WHERE slug = $13), $14::jsonb, $15)
       ON CONFLICT (slug) DO NOTHING`,
      [
        bonus.slug,
        bonus.name,
        bonus.description,
        bonus.type,
        bonus.kind ?? "deposit",
        bonus.packageStep === undefined ? null : pkg!.id,
        bonus.packageStep ?? null,
        JSON.stringify(bonus.assign),
        JSON.stringify(bonus.trigger ?? {}),
        bonus.wager,
        perCurrency(bonus.maxBet),
        bonus.expiresInDays ?? 30,
        bonus.freespinGame ?? null,
        perCurrency(bonus.freespinBet),
        bonus.position,
      ],
    );
  }
  await tx.query(
    `UPDATE bonuses SET freespin_winnings_bonus_id = (SELECT id FROM bonuses WHERE slug = 'freespin-winnings')
      WHERE type = 3`,
  );
  for (const rule of GAME_RULES) {
    await tx.query(
      `INSERT INTO bonus_game_rules (bonus_id, game_id, contribution, is_restricted)
       SELECT b.id, g.id, $2::numeric, $3 FROM bonuses b, games g
        WHERE g.slug = $1 AND b.type <> 3
       ON CONFLICT DO NOTHING`,
      [rule.game, rule.contribution, rule.restricted],
    );
  }
  for (const code of CODES) {
    await tx.query(
      `INSERT INTO bonus_codes (code, bonus_id, trigger)
       SELECT $1, id, $3 FROM bonuses WHERE slug = $2 ON CONFLICT (code) DO NOTHING`,
      [code.code, code.bonus, code.trigger],
    );
  }
  for (const item of CASHBACK) {
    await tx.query(
      `INSERT INTO cashback_configs (currency, percentage, period, min_amount, max_amount,
         wager_multiplier, bonus_id)
       SELECT $1, $2::numeric, $3, $4::numeric, $5::numeric, 1,
              (SELECT id FROM bonuses WHERE slug = 'cashback')
         FROM currencies WHERE code = $1
       ON CONFLICT DO NOTHING`,
      [item.currency, item.percentage, item.period, item.min, item.max],
    );
  }
}

/** Runs once per database, after the game catalogue (free spins name a game). */
export async function seedBonuses(db: Db): Promise<boolean> {
  const done = await db.query("SELECT 1 FROM seed_runs WHERE name = $1", [BONUS_SEED]);
  if (done.length > 0) return false;
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK_KEY]);
    const again = await tx.query("SELECT 1 FROM seed_runs WHERE name = $1", [BONUS_SEED]);
    if (again.length > 0) return false;
    const fruit = await tx.query("SELECT 1 FROM games WHERE slug = 'fruit-lines'");
    if (fruit.length === 0) return false;
    await insertBonusSeed(tx);
    await tx.query("INSERT INTO seed_runs (name) VALUES ($1)", [BONUS_SEED]);
    return true;
  });
}
