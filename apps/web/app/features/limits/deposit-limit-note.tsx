// Issue 31 item 2: the deposit limit that applies to the wallet's selected currency. The wallet
// caps a deposit at the smaller of the method's max and what the tightest deposit limit leaves
// (GET /api/player/limits/deposit-room), and says when a limit is the reason, and which deposits
// a limit counts: only its own currency (the spec's rule) or, as the operator chooses
// (DEPOSIT_LIMITS_ALL_CURRENCIES), every currency at the site's rates.
import { useQuery } from "@tanstack/react-query";
import { useSite } from "../../lib/site";
import { useMoney } from "../../lib/use-money";
import { type AmountBounds, toMinor } from "../wallet/wallet-rules";
import { type DepositRoom, depositRoomQuery, limitsQuery } from "./limits-api";
import { usePlayerDate } from "./use-play-block";

/** The deposit room of a currency (null while unknown or when no limit applies). */
export function useDepositRoom(currency: string, enabled: boolean): DepositRoom | null {
  const room = useQuery({ ...depositRoomQuery(currency), enabled });
  return room.data ?? null;
}

/** The method's bounds with max lowered to what the deposit limits leave. */
export function limitedBounds(bounds: AmountBounds, room: DepositRoom | null): AmountBounds {
  if (!room || room.room === null || room.blocked) return bounds;
  const left = toMinor(room.room, bounds.subunitToUnit);
  return left < bounds.max ? { ...bounds, max: left } : bounds;
}

/** Which deposits a deposit limit counts, in the words of the mode in force. */
export function useDepositScopeText(): (currency: string) => string {
  const { t, settings } = useSite();
  const all = settings.limits?.depositAllCurrencies === true;
  return (currency: string) =>
    all
      ? t(
          "global-components.pages.profile-limits.scopeAll",
          "A deposit limit counts your deposits in every currency, converted into {currency} at the site's exchange rates.",
          { currency },
        )
      : t(
          "global-components.pages.profile-limits.scopeOne",
          "A deposit limit counts only deposits in {currency}. Deposits in your other currencies are not counted: set a limit for each currency you use.",
          { currency },
        );
}

export function DepositLimitNote({
  currency,
  room,
  methodBounds,
}: {
  currency: string;
  room: DepositRoom | null;
  methodBounds: AmountBounds | null;
}) {
  const { t, settings, session } = useSite();
  const money = useMoney();
  const date = usePlayerDate();
  const limits = useQuery({ ...limitsQuery, enabled: session.isLoggedIn });
  const scope = useDepositScopeText();
  if (!room || room.blocked) return null;
  const all = settings.limits?.depositAllCurrencies === true;
  if (room.limit === null || room.room === null) {
    // Per currency: limits in other currencies do not apply here; say so plainly.
    const others = (limits.data ?? []).filter(
      (limit) => limit.definition === 3 && limit.currency && limit.currency !== currency,
    );
    if (all || others.length === 0) return null;
    const codes = [...new Set(others.map((limit) => limit.currency))].join(", ");
    return (
      <p className="wallet-hint wallet-limit-note" role="note">
        {t(
          "modals.wallet.limitOtherCurrency",
          "Your deposit limits are set in {codes} and do not count deposits in {currency}.",
          { codes, currency },
        )}
      </p>
    );
  }
  const left = money.format(room.room, currency);
  const limited =
    methodBounds !== null && toMinor(room.room, methodBounds.subunitToUnit) < methodBounds.max;
  const period = t(
    `global-components.pages.profile-limits.periodsInline.${room.limit.period}`,
    room.limit.period,
  );
  return (
    <p className="wallet-hint wallet-limit-note" role="note">
      {t(
        "modals.wallet.limitLeft",
        "Your {period} deposit limit of {amount} leaves {left} until {date}.",
        {
          period,
          amount: money.format(room.limit.amount, room.limit.currency),
          left,
          date: date(room.limit.periodEndsAt),
        },
      )}{" "}
      {limited
        ? t("modals.wallet.limitIsMax", "That is why the maximum here is {left}.", { left })
        : null}{" "}
      {scope(room.limit.currency)}
    </p>
  );
}
