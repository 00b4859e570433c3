// The Sports tab of /profile/history (issue 25): the player's sports bets as cards (single,
// multiple or system; each leg's event, market, selection, odds and result; stake, total odds,
// status and payout) from GET /api/game/sport-bets, updated live by `sport.bet.updated` on the
// player's game-bets channel. Styled by the wallet history's classes and betting.css.

import { playerChannel } from "@casino/contract/realtime";
import type { SportBet, SportBetStatus } from "@casino/contract/sport";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useSite } from "../../lib/site";
import { useChannel } from "../games/use-channel";
import { Pager } from "../page/pager";
import {
  SPORT_BETS_KEY,
  type SportBetFilter,
  sportBetsQuery,
  updatedSportBet,
  withUpdatedBet,
} from "./sport-bets-api";
import "./betting.css";

const PER_PAGE = 10;
const K = "global-components.pages.profile-history.sport";

const STATUS: Record<SportBetStatus, string> = {
  open: "Open",
  won: "Won",
  lost: "Lost",
  void: "Void",
  cashed_out: "Cashed out",
};
const TYPE: Record<SportBet["type"], string> = {
  single: "Single",
  multiple: "Multiple",
  system: "System",
};
const RESULT: Record<string, string> = { won: "Won", lost: "Lost", void: "Void" };

export function SportBetsSection() {
  const { t, session } = useSite();
  const titleId = useId();
  const filterId = useId();
  const [filter, setFilter] = useState<SportBetFilter>("all");
  const [page, setPage] = useState(1);
  const query = sportBetsQuery(filter, page, PER_PAGE);
  const bets = useQuery({ ...query, placeholderData: (previous) => previous });
  const client = useQueryClient();
  useChannel(session.profileId ? playerChannel("gameBets", session.profileId) : null, (data) => {
    const bet = updatedSportBet(data);
    if (!bet) return;
    // At once on the cards shown, then read again (paging and totals).
    client.setQueryData(query.queryKey, (old: typeof bets.data) =>
      old
        ? {
            ...old,
            data: withUpdatedBet(old.data, bet, { filter, firstPage: page === 1 }).slice(
              0,
              PER_PAGE,
            ),
          }
        : old,
    );
    void client.invalidateQueries({ queryKey: SPORT_BETS_KEY });
  });
  const list = bets.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((bets.data?.meta.total ?? 0) / PER_PAGE));
  const title = t(`${K}.title`, "Sports bets");
  return (
    <section className="profile-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="profile-card__title">
        {title}
      </h2>
      <div className="wallet-filters">
        <div className="modal-form__field">
          <label className="modal-form__label" htmlFor={filterId}>
            {t("global-components.pages.profile-history.settledFilter", "Settlement")}
          </label>
          <select
            id={filterId}
            name="status"
            className="modal-form__input"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as SportBetFilter);
              setPage(1);
            }}
          >
            <option value="all">{t("global-components.pages.profile-history.all", "All")}</option>
            <option value="open">{t(`${K}.filterOpen`, "Open")}</option>
            <option value="settled">
              {t("global-components.pages.profile-history.settled", "Settled")}
            </option>
          </select>
        </div>
      </div>
      {bets.isPending ? (
        <div className="modal__loading" aria-busy="true" />
      ) : bets.isError ? (
        <p className="wallet-empty" role="alert">
          {t(
            "global-components.pages.profile-history.roundsFailed",
            "The history could not be loaded.",
          )}
        </p>
      ) : list.length === 0 ? (
        <p className="wallet-empty" role="status">
          {t(`${K}.empty`, "No sports bets yet.")}
        </p>
      ) : (
        <ul className="sport-bets" aria-label={title} aria-busy={bets.isFetching || undefined}>
          {list.map((bet) => (
            <li key={bet.id}>
              <SportBetCard bet={bet} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={pages}
        label={t("global-components.pages.profile-history.pagesOf", "Pages of {title}", {
          title,
        })}
        onPage={setPage}
      />
    </section>
  );
}

function SportBetCard({ bet }: { bet: SportBet }) {
  const { t, locale } = useSite();
  const headingId = useId();
  const type = t(`${K}.type.${bet.type}`, TYPE[bet.type]);
  const heading =
    bet.type === "system" && bet.system
      ? `${type} ${bet.system}`
      : bet.type === "single"
        ? type
        : t(`${K}.legCount`, "{type} · {n} selections", { type, n: bet.legs.length });
  const status = t(`${K}.status.${bet.status}`, STATUS[bet.status]);
  return (
    <article className="sport-bet" aria-labelledby={headingId} data-status={bet.status}>
      <header className="sport-bet__head">
        <h3 id={headingId} className="sport-bet__title">
          {heading}
        </h3>
        <span className={`sport-bet__status sport-bet__status--${bet.status}`}>{status}</span>
      </header>
      <ol className="sport-bet__legs" aria-label={t(`${K}.legs`, "Selections")}>
        {bet.legs.map((leg) => (
          <li key={`${leg.eventId}|${leg.market}|${leg.selection}`} className="sport-bet__leg">
            <span className="sport-bet__event">
              {leg.event}
              {leg.live ? ` · ${t(`${K}.live`, "Live")}` : ""}
            </span>
            <span className="sport-bet__pick">
              {leg.market}: <strong>{leg.selection}</strong> @ {leg.odds}
            </span>
            {leg.result ? (
              <span className={`sport-bet__result sport-bet__result--${leg.result}`}>
                {t(`${K}.result.${leg.result}`, RESULT[leg.result] ?? leg.result)}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <dl className="sport-bet__facts">
        <div>
          <dt>{t(`${K}.stake`, "Stake")}</dt>
          <dd>
            {bet.stake} {bet.currency}
          </dd>
        </div>
        <div>
          <dt>{t(`${K}.totalOdds`, "Total odds")}</dt>
          <dd>{bet.totalOdds}</dd>
        </div>
        {bet.status === "open" ? (
          <div>
            <dt>{t(`${K}.potentialPayout`, "Potential payout")}</dt>
            <dd>
              {bet.potentialPayout} {bet.currency}
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t(`${K}.payout`, "Payout")}</dt>
            <dd>
              {bet.payout} {bet.currency}
            </dd>
          </div>
        )}
        <div>
          <dt>{t(`${K}.placedAt`, "Placed")}</dt>
          <dd>{new Date(bet.placedAt).toLocaleString(locale)}</dd>
        </div>
      </dl>
    </article>
  );
}
