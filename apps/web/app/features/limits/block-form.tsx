// self-exclusion-limit (LM-02 definitions 4 and 5): a break (cooling-off, 1 day to 6 weeks) or a
// self-exclusion (6 months, 1 year, 5 years, indefinitely), created with POST
// /api/player/limits. The player reads what it means and ticks an explicit confirmation before
// the submit button enables: no deposits or bets until it ends, it cannot be undone or
// shortened, withdrawals stay possible.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { SubmitButton } from "../../forms/fields";
import { useSite } from "../../lib/site";
import { FormNotice } from "../../modals/views/form-notice";
import { limitErrorText } from "./limit-errors";
import {
  type BlockChoice,
  type BlockKind,
  blockBody,
  blockEnd,
  COOLING_OFF,
  COOLING_OFF_DAYS,
  choiceFrom,
  choiceValue,
  SELF_EXCLUSION,
  SELF_EXCLUSION_MONTHS,
} from "./limit-rules";
import { createLimit, limitsChanged, limitsQuery } from "./limits-api";
import { useLimitTexts } from "./use-limit-texts";
import "./limits.css";

const DAYS: Record<number, string> = {
  1: "1 day",
  3: "3 days",
  7: "1 week",
  14: "2 weeks",
  28: "4 weeks",
  42: "6 weeks",
};
const MONTHS: Record<string, string> = {
  6: "6 months",
  12: "1 year",
  60: "5 years",
  indefinite: "Indefinitely",
};

export function BlockForm({ initial, close }: { initial: BlockKind; close: () => void }) {
  const { t } = useSite();
  const texts = useLimitTexts();
  const client = useQueryClient();
  const kindName = useId();
  const durationId = useId();
  const statementId = useId();
  const checkId = useId();
  const [choice, setChoice] = useState<BlockChoice>(() =>
    initial === "self-exclusion"
      ? { kind: "self-exclusion", months: 6 }
      : { kind: "cooling-off", days: 1 },
  );
  const [agreed, setAgreed] = useState(false);
  const limits = useQuery(limitsQuery);
  const [notice, setNotice] = useState<string | null>(null);
  const creating = useMutation({ mutationFn: () => createLimit(blockBody(choice)) });
  const text = (key: string, fallback: string, vars?: Record<string, string>) =>
    t(`modals.self-exclusion-limit.${key}`, fallback, vars);
  const breakKind = choice.kind === "cooling-off";
  const end = blockEnd(choice, new Date());
  const until = end
    ? text("until", "until {date}", { date: texts.date(end.toISOString()) })
    : text("untilIndefinite", "indefinitely, with no end date");

  // The server extends a running block only when the new end is later; it never shortens it.
  const running = limits.data?.find(
    (limit) => limit.definition === (breakKind ? COOLING_OFF : SELF_EXCLUSION),
  );
  const options = breakKind
    ? COOLING_OFF_DAYS.map((days) => ({
        value: String(days),
        label: text(`days.${days}`, DAYS[days] ?? `${days}`),
      }))
    : SELF_EXCLUSION_MONTHS.map((months) => {
        const value = months === null ? "indefinite" : String(months);
        return { value, label: text(`months.${value}`, MONTHS[value] ?? value) };
      });

  const pick = (kind: BlockKind) => {
    setChoice(kind === "cooling-off" ? { kind, days: 1 } : { kind, months: 6 });
    setAgreed(false);
  };

  return (
    <form
      className="modal-form"
      data-view="self-exclusion-limit"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!agreed) return;
        setNotice(null);
        try {
          await creating.mutateAsync();
          await limitsChanged(client);
          close();
        } catch (error) {
          setNotice(limitErrorText(error, texts.text));
        }
      }}
    >
      <fieldset className="limit-kinds">
        <legend className="modal-form__label">{text("kind", "What do you need?")}</legend>
        {(["cooling-off", "self-exclusion"] as const).map((kind) => (
          <label key={kind} className="limit-kind" data-checked={choice.kind === kind || undefined}>
            <input
              type="radio"
              name={kindName}
              value={kind}
              checked={choice.kind === kind}
              onChange={() => pick(kind)}
            />
            <span className="limit-kind__text">
              <strong>
                {kind === "cooling-off"
                  ? text("coolingOff", "Take a break (cooling-off)")
                  : text("selfExclusion", "Self-exclude")}
              </strong>
              <span className="limit-kind__hint">
                {kind === "cooling-off"
                  ? text("coolingOffHint", "From 1 day to 6 weeks.")
                  : text("selfExclusionHint", "6 months or more, or indefinitely.")}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="modal-form__field">
        <label className="modal-form__label" htmlFor={durationId}>
          {text("duration", "How long")}
        </label>
        <select
          id={durationId}
          name="duration"
          className="modal-form__input"
          value={choiceValue(choice)}
          onChange={(event) => {
            setChoice(choiceFrom(choice.kind, event.target.value));
            setAgreed(false);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {running ? (
        <p className="limit-effect" role="status">
          {running.expiresAt
            ? text(
                "running",
                "Yours already runs until {date}. A later end extends it; an earlier end leaves it as it is.",
                { date: texts.date(running.expiresAt) },
              )
            : text("runningIndefinite", "Yours already runs indefinitely.")}
        </p>
      ) : null}
      <div id={statementId} className="limit-statement">
        <p className="limit-statement__title">{text("meansTitle", "What this means")}</p>
        <ul>
          <li>
            {text("meansNoPlay", "It starts now and lasts {until}.", { until })}{" "}
            {text("meansNoDeposits", "Until it ends you cannot deposit or place bets.")}
          </li>
          <li>{text("meansFinal", "It cannot be undone or shortened.")}</li>
          <li>{text("meansWithdraw", "You can still withdraw your balance.")}</li>
        </ul>
      </div>
      <div className="form-check">
        <input
          id={checkId}
          type="checkbox"
          name="confirm"
          checked={agreed}
          aria-describedby={statementId}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <span>
          <label htmlFor={checkId}>
            {breakKind
              ? text(
                  "confirmBreak",
                  "I understand that I cannot deposit or bet during this break and that it cannot be undone or shortened.",
                )
              : text(
                  "confirmExclusion",
                  "I understand that I cannot deposit or bet during this self-exclusion and that it cannot be undone or shortened.",
                )}
          </label>
        </span>
      </div>
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <SubmitButton
          busy={creating.isPending}
          disabled={!agreed}
          label={
            breakKind
              ? text("submitBreak", "Start the break")
              : text("submitExclusion", "Self-exclude")
          }
          busyText={text("busy", "Saving…")}
        />
        <button type="button" className="modal-button modal-button--secondary" onClick={close}>
          {t("modals.common.cancel", "Cancel")}
        </button>
      </div>
    </form>
  );
}
