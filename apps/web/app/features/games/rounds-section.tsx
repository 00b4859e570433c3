// The player's bets and spins on /profile/history (GM-09): GET /api/game/bets?page&perPage&isSettled
// and GET /api/game/spins?page&perPage, with status, stake, win and pages. Styled by the wallet
// history's classes (the same page loads them).
import { playerChannel } from "@casino/contract/realtime";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useSite } from "../../lib/site";
import { useMoney } from "../../lib/use-money";
import { Pager } from "../page/pager";
import { ROUNDS_KEY, type RoundFilters, roundsQuery } from "./games-api";
import { type RoundOutcome, roundOutcome } from "./round-outcome";
import { useChannel } from "./use-channel";

const PER_PAGE = 10;

export function RoundsSection({ kind }: { kind: "bets" | "spins" }) {
  const { t, locale, session } = useSite();
  const money = useMoney();
  const settledId = useId();
  const titleId = useId();
  const [filters, setFilters] = useState<RoundFilters>({ kind, page: 1, perPage: PER_PAGE });
  const rounds = useQuery({ ...roundsQuery(filters), placeholderData: (previous) => previous });
  // A bet settled (or refunded) while the list is open: read it again.
  const client = useQueryClient();
  useChannel(session.profileId ? playerChannel("gameBets", session.profileId) : null, (data) => {
    const type = (data as { type?: unknown } | null)?.type;
    if (type === "game.bet.settled" || type === "game.bet.refunded") {
      void client.invalidateQueries({ queryKey: ROUNDS_KEY });
    }
  });
  const list = rounds.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((rounds.data?.meta.total ?? 0) / filters.perPage));
  const title =
    kind === "bets"
      ? t("global-components.pages.profile-history.bets", "Bets")
      : t("global-components.pages.profile-history.spins", "Spins");
  // By net result: won (more than the stake), stake returned, lost (part returned), lost.
  const outcomeText = (outcome: RoundOutcome) =>
    ({
      pending: t("global-components.pages.profile-history.betStatus.pending", "Pending"),
      won: t("global-components.pages.profile-history.betStatus.won", "Won"),
      returned: t("global-components.pages.profile-history.betStatus.returned", "Stake returned"),
      partial: t(
        "global-components.pages.profile-history.betStatus.partial",
        "Lost (part returned)",
      ),
      lost: t("global-components.pages.profile-history.betStatus.lost", "Lost"),
      refunded: t("global-components.pages.profile-history.betStatus.refunded", "Refunded"),
    })[outcome];
  return (
    <section className="profile-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="profile-card__title">
        {title}
      </h2>
      {kind === "bets" ? (
        <div className="wallet-filters">
          <div className="modal-form__field">
            <label className="modal-form__label" htmlFor={settledId}>
              {t("global-components.pages.profile-history.settledFilter", "Settlement")}
            </label>
            <select
              id={settledId}
              name="isSettled"
              className="modal-form__input"
              value={filters.isSettled ?? ""}
              onChange={(event) =>
                setFilters({
                  ...filters,
                  page: 1,
                  isSettled: (event.target.value || undefined) as RoundFilters["isSettled"],
                })
              }
            >
              <option value="">{t("global-components.pages.profile-history.all", "All")}</option>
              <option value="1">
                {t("global-components.pages.profile-history.settled", "Settled")}
              </option>
              <option value="0">
                {t("global-components.pages.profile-history.open", "Not settled")}
              </option>
            </select>
          </div>
        </div>
      ) : null}
      {rounds.isPending ? (
        <div className="modal__loading" aria-busy="true" />
      ) : rounds.isError ? (
        <p className="wallet-empty" role="alert">
          {t(
            "global-components.pages.profile-history.roundsFailed",
            "The history could not be loaded.",
          )}
        </p>
      ) : list.length === 0 ? (
        <p className="wallet-empty" role="status">
          {kind === "bets"
            ? t("global-components.pages.profile-history.noBets", "No bets yet.")
            : t("global-components.pages.profile-history.noSpins", "No spins yet.")}
        </p>
      ) : (
        <table
          className="wallet-table"
          aria-label={title}
          aria-busy={rounds.isFetching || undefined}
        >
          <thead>
            <tr>
              <th scope="col">{t("global-components.pages.profile-history.game", "Game")}</th>
              <th scope="col">{t("global-components.pages.profile-history.date", "Date")}</th>
              <th scope="col">{t("global-components.pages.profile-history.stake", "Bet")}</th>
              <th scope="col">{t("global-components.pages.profile-history.win", "Win")}</th>
              <th scope="col">
                {t("global-components.pages.profile-history.statusFilter", "Status")}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((round) => (
              <tr key={round.id} data-status={round.status}>
                <th scope="row">
                  {round.gameTitle}
                  <span className="visually-hidden"> · {round.providerName}</span>
                </th>
                <td data-label={t("global-components.pages.profile-history.date", "Date")}>
                  {new Date(round.createdAt).toLocaleString(locale)}
                </td>
                <td data-label={t("global-components.pages.profile-history.stake", "Bet")}>
                  {money.format(round.betAmount, round.currency)}
                </td>
                <td data-label={t("global-components.pages.profile-history.win", "Win")}>
                  {money.format(round.winAmount, round.currency)}
                </td>
                <td
                  data-label={t("global-components.pages.profile-history.statusFilter", "Status")}
                >
                  {outcomeText(roundOutcome(round))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        page={filters.page}
        pages={pages}
        label={t("global-components.pages.profile-history.pagesOf", "Pages of {title}", {
          title,
        })}
        onPage={(page) => setFilters({ ...filters, page })}
      />
    </section>
  );
}
