// What stops a player's deposits or real-money play, read from their limits (GET
// /api/player/limits), so the wallet and the game page can say which rule it is: the server
// answers one code for every deposit refusal (13100: a self-exclusion, a cooling-off or a used-up
// deposit limit of the currency) and 13111 for play during a self-exclusion or cooling-off.
// Pure: no React, no fetch; unit-tested in node.
import type { LimitPeriod, PlayerLimit } from "@casino/contract/limits";
import { toMinor } from "../wallet/wallet-rules";
import { COOLING_OFF, SELF_EXCLUSION } from "./limit-rules";

/** A self-exclusion or cooling-off in force: no deposits, no real-money play until `until`. */
export type PlayBlock = {
  kind: "self-exclusion" | "cooling-off";
  /** When it ends (ISO); null: an indefinite self-exclusion. */
  until: string | null;
};

/** Why deposits in a currency are refused. */
export type DepositStop =
  | PlayBlock
  | {
      kind: "deposit-limit";
      period: LimitPeriod | null;
      /** The limit, in major units of `currency`. */
      amount: string;
      currency: string;
      /** When its period ends and deposits open again (ISO), when known. */
      until: string | null;
    };

type BlockFields = Pick<PlayerLimit, "definition" | "expiresAt">;

function inForce(limit: BlockFields, now: Date): boolean {
  if (limit.definition !== SELF_EXCLUSION && limit.definition !== COOLING_OFF) return false;
  // As the server counts it (risk/limit-usage.ts isActiveBlock): no end, or an end still ahead.
  return limit.expiresAt === null || Date.parse(limit.expiresAt) > now.getTime();
}

/**
 * The self-exclusion or cooling-off in force at `now`, or null. A self-exclusion wins over a
 * cooling-off (it is the longer and stricter of the two); of two of a kind, the one ending last.
 */
export function activeBlock(limits: readonly BlockFields[], now: Date): PlayBlock | null {
  const current = limits.filter((limit) => inForce(limit, now));
  const pick = (definition: number): PlayBlock | null => {
    const ofKind = current.filter((limit) => limit.definition === definition);
    if (ofKind.length === 0) return null;
    const endless = ofKind.find((limit) => limit.expiresAt === null);
    const last = endless ?? [...ofKind].sort(byEnd).at(-1)!;
    return {
      kind: definition === SELF_EXCLUSION ? "self-exclusion" : "cooling-off",
      until: last.expiresAt,
    };
  };
  return pick(SELF_EXCLUSION) ?? pick(COOLING_OFF);
}

function byEnd(a: BlockFields, b: BlockFields): number {
  return Date.parse(a.expiresAt ?? "") - Date.parse(b.expiresAt ?? "");
}

/**
 * Why deposits in `currency` are refused at `now`, or null: a block first (it stops every
 * currency), else the deposit limit of the currency whose period's usage has reached its amount
 * (of several, the one that opens last).
 */
export function depositStop(
  limits: readonly PlayerLimit[],
  currency: string,
  subunitToUnit: number | bigint,
  now: Date,
): DepositStop | null {
  const block = activeBlock(limits, now);
  if (block) return block;
  const reached = limits.filter(
    (limit) =>
      limit.definition === 3 &&
      limit.currency === currency &&
      limit.amount !== null &&
      toMinor(limit.currentAmount, subunitToUnit) >= toMinor(limit.amount, subunitToUnit),
  );
  if (reached.length === 0) return null;
  const last = [...reached].sort(
    (a, b) => Date.parse(a.periodEndsAt ?? "") - Date.parse(b.periodEndsAt ?? ""),
  );
  const limit = last.at(-1)!;
  return {
    kind: "deposit-limit",
    period: limit.period,
    amount: limit.amount ?? "0",
    currency,
    until: limit.periodEndsAt,
  };
}

/** The site's t(key, fallback, vars) (content/<locale>, then the English fallback). */
type Translate = (key: string, fallback: string, vars?: Record<string, string | number>) => string;

/**
 * The wallet's notice for a refused deposit: its title and text, each refusal in its own words,
 * with the end date as `date` writes it (the player's locale and time zone) and the limit's amount
 * as `money` writes it. `stop` null: the server refused (13100) and the limits do not say why.
 */
export function depositStopTexts(
  stop: DepositStop | null,
  t: Translate,
  date: (iso: string) => string,
  money: (amount: string, currency: string) => string,
): { title: string; text: string } {
  if (stop?.kind === "self-exclusion") {
    return {
      title: t("modals.wallet.selfExclusionTitle", "Deposits paused: self-exclusion"),
      text: stop.until
        ? t(
            "modals.wallet.selfExclusionText",
            "Deposits are not available during your self-exclusion, which lasts until {date}.",
            { date: date(stop.until) },
          )
        : t(
            "modals.wallet.selfExclusionEndless",
            "Deposits are not available during your self-exclusion, which has no end date.",
          ),
    };
  }
  if (stop?.kind === "cooling-off") {
    return {
      title: t("modals.wallet.coolingOffTitle", "Deposits paused: you are taking a break"),
      text: t(
        "modals.wallet.coolingOffText",
        "Deposits are not available during your break (cooling-off), which lasts until {date}.",
        { date: stop.until ? date(stop.until) : "" },
      ),
    };
  }
  if (stop?.kind === "deposit-limit") {
    const vars = {
      amount: money(stop.amount, stop.currency),
      date: stop.until ? date(stop.until) : "",
    };
    const title = t("modals.wallet.limitTitle", "Deposit limit reached");
    if (!stop.until || !stop.period) {
      return {
        title,
        text: t(
          "modals.wallet.limitText",
          "You have reached a deposit limit you set. You can deposit again when the limit period ends.",
        ),
      };
    }
    if (stop.period === "daily") {
      return {
        title,
        text: t(
          "modals.wallet.limitDaily",
          "You have reached your daily deposit limit of {amount}. You can deposit again from {date}.",
          vars,
        ),
      };
    }
    if (stop.period === "weekly") {
      return {
        title,
        text: t(
          "modals.wallet.limitWeekly",
          "You have reached your weekly deposit limit of {amount}. You can deposit again from {date}.",
          vars,
        ),
      };
    }
    return {
      title,
      text: t(
        "modals.wallet.limitMonthly",
        "You have reached your monthly deposit limit of {amount}. You can deposit again from {date}.",
        vars,
      ),
    };
  }
  return {
    title: t("modals.wallet.stoppedTitle", "Deposits are not available"),
    text: t(
      "modals.wallet.stoppedText",
      "A limit on your account stops deposits at the moment. Your limits page shows which one.",
    ),
  };
}

/** The game page's line where real-money play is refused (13111): which block, until when. */
export function playBlockText(block: PlayBlock, t: Translate, date: (iso: string) => string) {
  if (block.kind === "cooling-off") {
    return t(
      "global-components.pages.games-id.coolingOff",
      "Real-money play is paused during your break (cooling-off), until {date}.",
      { date: block.until ? date(block.until) : "" },
    );
  }
  return block.until
    ? t(
        "global-components.pages.games-id.selfExcluded",
        "Real-money play is not available during your self-exclusion, until {date}.",
        { date: date(block.until) },
      )
    : t(
        "global-components.pages.games-id.selfExcludedEndless",
        "Real-money play is not available during your self-exclusion, which has no end date.",
      );
}
