// The bonus modals of one chunk (spec §2 "Modals"): wallet-bonus-info and package-bonus (value
// "bonusId currency": a deposit bonus of the wallet's list), bonus-details (value "bonus:12" or
// "freespin:3": a player bonus), cancel-unsettled-bonus and bonus-cancel-lock (why a cancel was
// refused), turn-over-wager (value: currency; what is still to wager before a withdrawal).
import { fractionDigits } from "@casino/money/subunit";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useSite } from "../../lib/site";
import { type Money, useMoney } from "../../lib/use-money";
import type { ModalViewProps } from "../../modals/modal-view-props";
import { turnOverQuery } from "../wallet/wallet-api";
import {
  type DepositBonus,
  depositBonusesQuery,
  parseTarget,
  playerBonusesQuery,
  playerFreespinsQuery,
} from "./bonus-api";
import { bonusPreview, previewText, spinsPercent, wageringPercent } from "./bonus-rules";
import "./bonus.css";

const INFO_TEXTS: Record<string, string> = {
  "cancel-unsettled-bonus":
    "This bonus cannot be canceled while a round played with its money is still open. Finish or wait for the round, then try again.",
  "bonus-cancel-lock":
    "This bonus cannot be canceled right now (for example while its free spins are being played).",
};

export default function BonusModal(props: ModalViewProps) {
  switch (props.modalKey) {
    case "wallet-bonus-info":
    case "package-bonus":
      return <DepositBonusInfo {...props} />;
    case "bonus-details":
      return <PlayerBonusDetails {...props} />;
    case "turn-over-wager":
      return <TurnOverWager {...props} />;
    default:
      return <InfoText {...props} />;
  }
}

function InfoText({ modalKey, close }: ModalViewProps) {
  const { t } = useSite();
  return (
    <div className="modal-form">
      <p className="modal-text">{t(`modals.${modalKey}.text`, INFO_TEXTS[modalKey] ?? "")}</p>
      <button type="button" className="modal-button" onClick={close}>
        {t("modals.common.ok", "OK")}
      </button>
    </div>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="bonus-facts">
      {rows.map(([name, value]) => (
        <div key={name} className="bonus-facts__row">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DepositBonusInfo({ modalKey, value, close }: ModalViewProps) {
  const { t, href } = useSite();
  const money = useMoney();
  const [id = "", currency = ""] = (value ?? "").split(" ");
  const list = useQuery({ ...depositBonusesQuery(currency, ""), enabled: currency !== "" });
  const bonus = list.data?.find((item) => String(item.id) === id) ?? null;
  if (list.isPending && currency !== "") return <p role="status">…</p>;
  if (!bonus) {
    return (
      <div className="modal-form">
        <p className="modal-text">
          {t("modals.wallet-bonus-info.missing", "This bonus is not offered any more.")}
        </p>
      </div>
    );
  }
  const text = (key: string, fallback: string, vars?: Record<string, string | number>) =>
    t(`modals.wallet-bonus-info.${key}`, fallback, vars);
  return (
    <div className="modal-form" data-view={modalKey}>
      <h3 className="bonus-card__name">{bonus.name}</h3>
      <p className="modal-text">{bonus.description}</p>
      <Facts rows={bonusFacts(bonus, currency, text, money)} />
      {modalKey === "package-bonus" && bonus.package ? (
        <>
          <h4 className="bonus-card__name">{bonus.package.name}</h4>
          <ol className="welcome-steps">
            {bonus.package.packageItems.map((item) => (
              <li key={item.bonusId} aria-current={item.bonusId === bonus.id ? "step" : undefined}>
                {text("step", "Deposit {position}: {name}", {
                  position: item.position,
                  name: item.name,
                })}
              </li>
            ))}
          </ol>
          <Link
            className="modal-button modal-button--link"
            to={href("/welcome-package")}
            onClick={close}
          >
            {text("packageLink", "About the welcome package")}
          </Link>
        </>
      ) : null}
      <button type="button" className="modal-button" onClick={close}>
        {t("modals.common.ok", "OK")}
      </button>
    </div>
  );
}

/** The facts of a deposit bonus, every amount with its unit in the player's choice (issue 31). */
export function bonusFacts(
  bonus: DepositBonus,
  currency: string,
  text: (key: string, fallback: string) => string,
  money: Money,
): [string, string][] {
  const decimals = fractionDigits(money.currency(currency)?.subunitToUnit ?? 100);
  const preview = previewText(
    bonusPreview(bonus, bonus.minDeposit ?? "0", decimals),
    (amount) => money.format(amount, currency),
    (max) => money.range(null, max, currency),
  );
  const rows: [string, string][] = [];
  if (bonus.type === 2 && bonus.assignConditions.depositPercentage) {
    rows.push([text("percent", "Bonus"), `${bonus.assignConditions.depositPercentage}%`]);
    if (bonus.maxBonusAmount)
      rows.push([text("maxBonus", "Largest bonus"), money.format(bonus.maxBonusAmount, currency)]);
  } else if (preview) {
    rows.push([text("amount", "Bonus"), preview]);
  }
  if (bonus.minDeposit || bonus.maxDeposit)
    rows.push([
      text("depositRange", "Deposit"),
      money.range(bonus.minDeposit, bonus.maxDeposit, currency),
    ]);
  if (bonus.wagerMultiplier !== "0")
    rows.push([text("wager", "Wagering"), `×${bonus.wagerMultiplier}`]);
  if (bonus.maxBetAmount)
    rows.push([text("maxBet", "Max bet"), money.format(bonus.maxBetAmount, currency)]);
  if (bonus.freespins) {
    rows.push([
      text("freespins", "Free spins"),
      `${bonus.freespins.count} FS · ${bonus.freespins.gameTitle}`,
    ]);
  }
  rows.push([text("expires", "Valid for"), `${bonus.expiresInDays} d`]);
  return rows;
}

function PlayerBonusDetails({ value, close }: ModalViewProps) {
  const { t } = useSite();
  const money = useMoney();
  const target = parseTarget(value);
  const bonuses = useQuery({ ...playerBonusesQuery([]), enabled: target?.kind === "bonus" });
  const spins = useQuery({ ...playerFreespinsQuery([]), enabled: target?.kind === "freespin" });
  const text = (key: string, fallback: string) => t(`modals.bonus-details.${key}`, fallback);
  const bonus = bonuses.data?.find((item) => item.id === target?.id);
  const spin = spins.data?.find((item) => item.id === target?.id);
  let rows: [string, string][] = [];
  let name = "";
  if (bonus) {
    name = bonus.name;
    rows = [
      [text("amount", "Bonus"), money.format(bonus.amount, bonus.currency)],
      [text("balance", "Bonus balance"), money.format(bonus.balance, bonus.currency)],
      [
        text("wagering", "Wagering"),
        `${money.format(bonus.wagered, bonus.currency)} / ${money.format(bonus.wagerTotal, bonus.currency)} (${wageringPercent(bonus)}%)`,
      ],
      [text("multiplier", "Wager multiplier"), `×${bonus.wagerMultiplier}`],
      ...(bonus.maxBetAmount
        ? [
            [text("maxBet", "Max bet"), money.format(bonus.maxBetAmount, bonus.currency)] as [
              string,
              string,
            ],
          ]
        : []),
      [text("issued", "Issued"), new Date(bonus.issuedAt).toLocaleString()],
      [text("expires", "Expires"), new Date(bonus.expiresAt).toLocaleString()],
    ];
  } else if (spin) {
    name = spin.name;
    rows = [
      [text("spins", "Free spins"), `${spin.played} / ${spin.count} (${spinsPercent(spin)}%)`],
      [text("game", "Game"), spin.gameTitle],
      [text("bet", "Spin stake"), money.format(spin.betAmount, spin.currency)],
      [text("won", "Won"), money.format(spin.winAmount, spin.currency)],
      [text("expires", "Expires"), new Date(spin.expiresAt).toLocaleString()],
    ];
  }
  return (
    <div className="modal-form" data-view="bonus-details">
      {name ? <h3 className="bonus-card__name">{name}</h3> : <p role="status">…</p>}
      <Facts rows={rows} />
      <button type="button" className="modal-button" onClick={close}>
        {t("modals.common.ok", "OK")}
      </button>
    </div>
  );
}

/** WD-06: what is still to wager before a withdrawal (opened when a withdrawal is refused for it). */
function TurnOverWager({ value, close }: ModalViewProps) {
  const { t, href } = useSite();
  const currency = value ?? "";
  const wager = useQuery({ ...turnOverQuery(currency), enabled: currency !== "", staleTime: 0 });
  const owed = wager.data;
  return (
    <div className="modal-form" data-view="turn-over-wager">
      {owed ? (
        <>
          <p className="modal-text">
            {t(
              "modals.turn-over-wager.text",
              "Wager {amount} {currency} more before you can withdraw.",
              { amount: owed.turnOverWagerAmount, currency: owed.currency },
            )}
          </p>
          <p className="modal-text">
            {owed.turnOverWager} / {owed.total} {owed.currency}
          </p>
        </>
      ) : (
        <p role="status">…</p>
      )}
      <Link
        className="modal-button modal-button--link"
        to={href("/profile/bonuses")}
        onClick={close}
      >
        {t("modals.turn-over-wager.bonuses", "See your bonuses")}
      </Link>
      <button type="button" className="modal-button" onClick={close}>
        {t("modals.common.ok", "OK")}
      </button>
    </div>
  );
}
