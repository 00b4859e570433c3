// /profile/bonuses (BN-01..BN-05, BN-10, BN-11): a bonus code applied at once (trigger 1), the
// active bonuses with their wagering progress (live: the bonus channel reloads the list), the
// issued bonuses and free spins to activate or cancel (confirm modals), and the history of
// finished ones with their result.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { ListLoading } from "../../components/loading/loading-placeholders";
import { ApiError } from "../../lib/api/api-error";
import { useModals, useSite } from "../../lib/site";
import { useMoney } from "../../lib/use-money";
import { FormNotice } from "../../modals/views/form-notice";
import { useAlert } from "../../toasts/use-alert";
import { EmptyState } from "../page/empty-state";
import {
  addBonusCode,
  BONUS_ERRORS,
  BONUS_KEY,
  type BonusTarget,
  changeBonus,
  type PlayerBonus,
  type PlayerFreespin,
  playerBonusesQuery,
  playerFreespinsQuery,
  targetValue,
} from "./bonus-api";
import { bonusCodeAlert, CODE_TRIGGER, spinsPercent, wageringPercent } from "./bonus-rules";
// The profile card, table and section layout live in forms.css, which only the other profile
// sections' lazy code imported: a direct visit of /profile/bonuses showed the cards unstyled.
import "../../forms/forms.css";
import "../../modals/modal.css";
import "./bonus.css";

export const BONUSES_TEXT = "global-components.pages.profile-bonuses";

const RESULT_TEXTS: Record<number, string> = {
  1: "Issued",
  2: "Completed",
  3: "Canceled",
  4: "Expired",
  5: "Lost",
};

export function useBonusTexts() {
  const { t, locale } = useSite();
  const text = (key: string, fallback: string, vars?: Record<string, string | number>) =>
    t(`${BONUSES_TEXT}.${key}`, fallback, vars);
  return {
    text,
    result: (result: number) => text(`results.${result}`, RESULT_TEXTS[result] ?? String(result)),
    date: (iso: string) =>
      new Intl.DateTimeFormat(locale ?? "en", { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(iso),
      ),
  };
}

export function BonusesSection() {
  const { text } = useBonusTexts();
  const current = useQuery(playerBonusesQuery([1, 2]));
  const spins = useQuery(playerFreespinsQuery([1, 2]));
  const bonuses = current.data ?? [];
  const active = bonuses.filter((bonus) => bonus.status === 2);
  const issued = bonuses.filter((bonus) => bonus.status === 1);
  return (
    <div className="profile-sections bonuses-page">
      <CodeForm />
      <Card title={text("activeTitle", "Active bonuses")}>
        {current.isPending ? (
          <ListLoading label={text("loading", "Loading…")} />
        ) : active.length === 0 ? (
          <EmptyState text={text("noActive", "You have no active bonus.")} />
        ) : (
          <ul className="bonus-list">
            {active.map((bonus) => (
              <BonusCard key={bonus.id} bonus={bonus} />
            ))}
          </ul>
        )}
      </Card>
      <Card title={text("issuedTitle", "Bonuses to activate")}>
        {issued.length === 0 ? (
          <EmptyState text={text("noIssued", "No bonus is waiting for you.")} />
        ) : (
          <ul className="bonus-list">
            {issued.map((bonus) => (
              <BonusCard key={bonus.id} bonus={bonus} />
            ))}
          </ul>
        )}
      </Card>
      <Card title={text("freespinsTitle", "Free spins")}>
        {(spins.data ?? []).length === 0 ? (
          <EmptyState text={text("noFreespins", "You have no free spins.")} />
        ) : (
          <ul className="bonus-list">
            {(spins.data ?? []).map((spin) => (
              <FreespinCard key={spin.id} spin={spin} />
            ))}
          </ul>
        )}
      </Card>
      <History />
    </div>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** BN-10, BN-11, ER-18, ER-19: a code applied at once; a deposit code is kept for the deposit. */
function CodeForm() {
  const { text } = useBonusTexts();
  const alert = useAlert();
  const client = useQueryClient();
  const inputId = useId();
  const [code, setCode] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => addBonusCode(code.trim(), CODE_TRIGGER.apply),
    onMutate: () => setNotice(null),
    onSuccess: (answer) => {
      const problem = bonusCodeAlert(answer.status);
      if (problem) {
        alert(problem, { code: answer.bonusCode });
        return;
      }
      setCode("");
      alert(answer.status === 2 ? "bonusCodeApplied" : "bonusCodeStored", {
        code: answer.bonusCode,
      });
    },
    onError: (error: Error) =>
      setNotice(
        error instanceof ApiError
          ? (Object.values(error.fields)[0]?.[0] ?? error.message)
          : text("failed", "Something went wrong. Please try again."),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: BONUS_KEY }),
  });
  return (
    <Card title={text("codeTitle", "Bonus code")}>
      <form
        className="bonus-code-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() !== "" && !add.isPending) add.mutate();
        }}
      >
        <div className="modal-form__field">
          <label className="modal-form__label" htmlFor={inputId}>
            {text("codeLabel", "Bonus code")}
          </label>
          <input
            id={inputId}
            name="bonusCode"
            className="modal-form__input"
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <button
          type="submit"
          className="modal-button"
          disabled={code.trim() === "" || add.isPending}
        >
          {text("codeSubmit", "Apply code")}
        </button>
      </form>
      <FormNotice text={notice} />
    </Card>
  );
}

/** Activate (BN-04, BN-05); another active bonus in the currency asks change-active-bonus. */
function useActivate(target: BonusTarget) {
  const client = useQueryClient();
  const modals = useModals();
  const { text } = useBonusTexts();
  const [notice, setNotice] = useState<string | null>(null);
  const activate = useMutation({
    mutationFn: () => changeBonus(target, "activate"),
    onMutate: () => setNotice(null),
    onError: (error: Error) => {
      if (error instanceof ApiError && error.code === BONUS_ERRORS.activeBonusExists) {
        modals.open("change-active-bonus", targetValue(target));
        return;
      }
      setNotice(
        error instanceof ApiError
          ? error.message
          : text("failed", "Something went wrong. Please try again."),
      );
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: BONUS_KEY });
      void client.invalidateQueries({ queryKey: ["wallet", "accounts"] });
    },
  });
  return { activate, notice };
}

function BonusCard({ bonus }: { bonus: PlayerBonus }) {
  const { text, date } = useBonusTexts();
  const money = useMoney();
  const modals = useModals();
  const target: BonusTarget = { kind: "bonus", id: bonus.id };
  const { activate, notice } = useActivate(target);
  const percent = wageringPercent(bonus);
  const headingId = useId();
  return (
    <li className="bonus-card" aria-labelledby={headingId} data-bonus-id={bonus.id}>
      <div className="bonus-card__head">
        <h3 id={headingId} className="bonus-card__name">
          {bonus.name}
        </h3>
        <span>{money.format(bonus.amount, bonus.currency)}</span>
      </div>
      <p className="bonus-card__facts">
        <span>
          {text("bonusBalance", "Bonus balance: {amount}", {
            amount: money.format(bonus.balance, bonus.currency),
          })}
        </span>
        {bonus.maxBetAmount ? (
          <span>
            {text("maxBetAmount", "Max bet: {amount}", {
              amount: money.format(bonus.maxBetAmount, bonus.currency),
            })}
          </span>
        ) : null}
        <span>{text("expires", "Expires {date}", { date: date(bonus.expiresAt) })}</span>
      </p>
      <progress
        className="bonus-progress"
        max={100}
        value={percent}
        aria-label={text("wageringLabel", "Wagering of {name}", { name: bonus.name })}
      />
      <p className="bonus-card__facts" data-testid="wagering">
        {text("wageredOf", "Wagered {wagered} of {total} ({percent}%)", {
          wagered: money.format(bonus.wagered, bonus.currency),
          total: money.format(bonus.wagerTotal, bonus.currency),
          percent,
        })}
      </p>
      <FormNotice text={notice} />
      <div className="bonus-card__actions">
        {bonus.status === 1 ? (
          <button
            type="button"
            className="modal-button"
            disabled={activate.isPending}
            onClick={() => activate.mutate()}
          >
            {text("activate", "Activate")}
          </button>
        ) : null}
        <button
          type="button"
          className="modal-button modal-button--secondary"
          onClick={() => modals.open("bonus-details", targetValue(target))}
        >
          {text("details", "Details")}
        </button>
        <button
          type="button"
          className="modal-button modal-button--secondary"
          onClick={() =>
            modals.open(
              bonus.status === 2 ? "cancel-active-bonus" : "cancel-issued-bonus",
              targetValue(target),
            )
          }
        >
          {text("cancel", "Cancel bonus")}
        </button>
      </div>
    </li>
  );
}

function FreespinCard({ spin }: { spin: PlayerFreespin }) {
  const { text, date } = useBonusTexts();
  const { href } = useSite();
  const money = useMoney();
  const modals = useModals();
  const target: BonusTarget = { kind: "freespin", id: spin.id };
  const { activate, notice } = useActivate(target);
  const headingId = useId();
  return (
    <li className="bonus-card" aria-labelledby={headingId}>
      <div className="bonus-card__head">
        <h3 id={headingId} className="bonus-card__name">
          {spin.name}
        </h3>
        <span>{text("spins", "{count} free spins", { count: spin.count })}</span>
      </div>
      <p className="bonus-card__facts">
        <span>
          {text("spinGameStake", "On {game}, {bet} a spin", {
            game: spin.gameTitle,
            bet: money.format(spin.betAmount, spin.currency),
          })}
        </span>
        <span>{text("expires", "Expires {date}", { date: date(spin.expiresAt) })}</span>
      </p>
      <progress
        className="bonus-progress"
        max={100}
        value={spinsPercent(spin)}
        aria-label={text("spinsLabel", "Spins played of {name}", { name: spin.name })}
      />
      <p className="bonus-card__facts">
        {text("spinsPlayedWon", "{played} of {count} played, won {win}", {
          played: spin.played,
          count: spin.count,
          win: money.format(spin.winAmount, spin.currency),
        })}
      </p>
      <FormNotice text={notice} />
      <div className="bonus-card__actions">
        {spin.status === 1 ? (
          <button
            type="button"
            className="modal-button"
            disabled={activate.isPending}
            onClick={() => activate.mutate()}
          >
            {text("activate", "Activate")}
          </button>
        ) : (
          <Link className="modal-button" to={href(`/games/${spin.gameSlug}`)}>
            {text("play", "Play {game}", { game: spin.gameTitle })}
          </Link>
        )}
        <button
          type="button"
          className="modal-button modal-button--secondary"
          onClick={() =>
            modals.open(
              spin.status === 2 ? "cancel-active-bonus" : "cancel-issued-bonus",
              targetValue(target),
            )
          }
        >
          {text("cancelSpins", "Cancel free spins")}
        </button>
      </div>
    </li>
  );
}

/** Finished bonuses and free spins with their result (status 3). */
function History() {
  const { text, result, date } = useBonusTexts();
  const money = useMoney();
  const bonuses = useQuery(playerBonusesQuery([3]));
  const spins = useQuery(playerFreespinsQuery([3]));
  const rows = [
    ...(bonuses.data ?? []).map((bonus) => ({
      key: `b${bonus.id}`,
      name: bonus.name,
      amount: money.format(bonus.amount, bonus.currency),
      result: bonus.result,
      at: bonus.finishedAt ?? bonus.issuedAt,
    })),
    ...(spins.data ?? []).map((spin) => ({
      key: `f${spin.id}`,
      name: spin.name,
      amount: `${spin.count} FS`,
      result: spin.result,
      at: spin.finishedAt ?? spin.issuedAt,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Card title={text("historyTitle", "Bonus history")}>
      {rows.length === 0 ? (
        <EmptyState text={text("noHistory", "No finished bonuses yet.")} />
      ) : (
        <div className="profile-table-wrap">
          <table className="form-table">
            <thead>
              <tr>
                <th scope="col">{text("colName", "Bonus")}</th>
                <th scope="col">{text("colAmount", "Amount")}</th>
                <th scope="col">{text("colResult", "Result")}</th>
                <th scope="col">{text("colDate", "Finished")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <td>{row.name}</td>
                  <td>{row.amount}</td>
                  <td>{result(row.result)}</td>
                  <td>{date(row.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
