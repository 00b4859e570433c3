// /profile/limits (LM-01..LM-06): the player's responsible-gambling limits. Cash limits (bet,
// loss, deposit) show their period, amount and what the current period has used, a pending
// change with the time it takes effect (then Confirm or Keep current limit), and edit and remove;
// cooling-off and self-exclusion show until when they last. Buttons add a cash limit and open the
// break / self-exclusion modal.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useModals } from "../../lib/site";
import { EmptyState } from "../page/empty-state";
import { RealityCheckSetting } from "../reality-check/reality-check-setting";
import "../reality-check/reality-check.css";
import { useDepositScopeText } from "./deposit-limit-note";
import { limitErrorText } from "./limit-errors";
import { isCashLimit, limitUsage, sortLimits } from "./limit-rules";
import {
  confirmPending,
  dropPending,
  limitsChanged,
  limitsQuery,
  type PlayerLimit,
  removeLimit,
} from "./limits-api";
import { type LimitTexts, useLimitTexts } from "./use-limit-texts";
import "../../modals/modal.css";
import "./limits.css";

type Action = { kind: "remove" | "confirm" | "keep"; limitId: string };

const CALLS: Record<Action["kind"], (limitId: string) => Promise<unknown>> = {
  remove: removeLimit,
  confirm: confirmPending,
  keep: dropPending,
};

export function LimitsSection() {
  const texts = useLimitTexts();
  const { text } = texts;
  const modals = useModals();
  const client = useQueryClient();
  const headingId = useId();
  const limits = useQuery(limitsQuery);
  const [notice, setNotice] = useState<string | null>(null);
  const acting = useMutation({
    mutationFn: (action: Action) => CALLS[action.kind](action.limitId),
    onMutate: () => setNotice(null),
    onError: (error: Error) => setNotice(limitErrorText(error, texts.text)),
    onSettled: () => limitsChanged(client),
  });
  const list = sortLimits(limits.data ?? []);
  const busyId = acting.isPending ? acting.variables?.limitId : undefined;

  return (
    <div className="profile-sections limits-page">
      <section className="profile-card" aria-labelledby={headingId}>
        <div className="limits-page__head">
          <h2 id={headingId} className="profile-card__title">
            {text("listTitle", "Your limits")}
          </h2>
          <div className="limits-page__actions">
            <button
              type="button"
              className="modal-button"
              onClick={() => modals.open("add-cash-limit")}
            >
              {text("add", "Add a limit")}
            </button>
            <button
              type="button"
              className="modal-button modal-button--secondary"
              onClick={() => modals.open("self-exclusion-limit", "cooling-off")}
            >
              {text("takeBreak", "Take a break")}
            </button>
            <button
              type="button"
              className="modal-button modal-button--secondary"
              onClick={() => modals.open("self-exclusion-limit", "self-exclusion")}
            >
              {text("selfExclude", "Self-exclude")}
            </button>
          </div>
        </div>
        <p className="limits-page__intro">
          {text(
            "intro",
            "Limits help you stay in control. A lower limit applies at once; a higher limit, a new period or a removal waits 24 hours and then needs your confirmation.",
          )}
        </p>
        {notice ? (
          <p className="modal-notice" role="alert">
            {notice}
          </p>
        ) : null}
        {limits.isPending ? (
          <div className="modal__loading" aria-busy="true" />
        ) : limits.isError ? (
          <p className="modal-notice" role="alert">
            {limitErrorText(limits.error, texts.text)}
          </p>
        ) : list.length === 0 ? (
          <EmptyState
            text={text(
              "empty",
              "You have no limits. Set a bet, loss or deposit limit, or take a break whenever you need one.",
            )}
          />
        ) : (
          <ul
            className="limits-list"
            aria-label={text("listTitle", "Your limits")}
            aria-busy={limits.isFetching || undefined}
          >
            {list.map((limit) => (
              <li key={limit.limitId}>
                {isCashLimit(limit) ? (
                  <CashLimitCard
                    limit={limit}
                    texts={texts}
                    busy={busyId === limit.limitId}
                    onEdit={() => modals.open("edit-cash-limit", limit.limitId)}
                    onAction={(kind) => acting.mutate({ kind, limitId: limit.limitId })}
                  />
                ) : (
                  <BlockCard limit={limit} texts={texts} />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <RealityCheckSetting />
    </div>
  );
}

function CashLimitCard({
  limit,
  texts,
  busy,
  onEdit,
  onAction,
}: {
  limit: PlayerLimit;
  texts: LimitTexts;
  busy: boolean;
  onEdit: () => void;
  onAction: (kind: Action["kind"]) => void;
}) {
  const { text } = texts;
  const scope = useDepositScopeText();
  const [asking, setAsking] = useState(false);
  const label = texts.label(limit);
  const currency = texts.byCode(limit.currency);
  const usage = limitUsage(limit, currency?.subunitToUnit ?? 100);
  const used = texts.money(limit.currentAmount ?? "0", limit.currency);
  const amount = texts.money(limit.amount, limit.currency);
  const pending = limit.pending;
  return (
    <article className="limit-card" aria-label={label} data-definition={limit.definition}>
      <div className="limit-card__head">
        <h3 className="limit-card__title">{texts.definition(limit.definition)}</h3>
        <p className="limit-card__tags">
          <span className="limit-tag">{texts.period(limit.period)}</span>
          <span className="limit-tag">{limit.currency}</span>
        </p>
      </div>
      <p className="limit-card__amount">
        <strong>{amount}</strong> <span className="limit-card__per">{texts.per(limit.period)}</span>
      </p>
      <div
        className="limit-meter"
        role="progressbar"
        aria-label={text("usedName", "Used: {limit}", { limit: label })}
        aria-valuemin={0}
        aria-valuemax={Number(limit.amount ?? 0)}
        aria-valuenow={Math.min(Number(limit.currentAmount ?? 0), Number(limit.amount ?? 0))}
        aria-valuetext={text("usedOf", "{used} of {amount}", { used, amount })}
        data-reached={usage.reached || undefined}
      >
        <span style={{ width: `${usage.percent}%` }} />
      </div>
      <p className="limit-card__usage">
        <span>{text("usedOf", "{used} of {amount}", { used, amount })}</span>
        {limit.periodEndsAt ? (
          <span>
            {text("periodEnds", "Resets {date}", { date: texts.date(limit.periodEndsAt) })}
          </span>
        ) : null}
      </p>
      {limit.definition === 3 && limit.currency ? (
        <p className="limit-card__scope">{scope(limit.currency)}</p>
      ) : null}
      {usage.reached ? (
        <p className="limit-card__reached">{text("reached", "Limit reached for this period.")}</p>
      ) : null}
      {pending ? (
        <PendingChange limit={limit} texts={texts} busy={busy} onAction={onAction} />
      ) : null}
      {asking ? (
        <RemoveQuestion
          texts={texts}
          label={label}
          busy={busy}
          onRemove={() => {
            setAsking(false);
            onAction("remove");
          }}
          onKeep={() => setAsking(false)}
        />
      ) : (
        <div className="limit-card__actions">
          <button type="button" className="limit-action" disabled={busy} onClick={onEdit}>
            {text("edit", "Edit")}
            <span className="visually-hidden"> {label}</span>
          </button>
          {pending?.remove ? null : (
            <button
              type="button"
              className="limit-action"
              disabled={busy}
              onClick={() => setAsking(true)}
            >
              {text("remove", "Remove")}
              <span className="visually-hidden"> {label}</span>
            </button>
          )}
        </div>
      )}
    </article>
  );
}

function PendingChange({
  limit,
  texts,
  busy,
  onAction,
}: {
  limit: PlayerLimit;
  texts: LimitTexts;
  busy: boolean;
  onAction: (kind: Action["kind"]) => void;
}) {
  const { text } = texts;
  const pending = limit.pending;
  if (!pending) return null;
  const what = pending.remove
    ? text("pendingRemoval", "Removal requested.")
    : text("pendingChange", "Change requested: {amount} {per}.", {
        amount: texts.money(pending.amount, limit.currency),
        per: texts.per(pending.period),
      });
  const when = pending.confirmable
    ? text("pendingConfirmable", "You can confirm it now.")
    : text("pendingWaits", "It can take effect from {date}, once you confirm it.", {
        date: texts.date(pending.effectiveAt),
      });
  return (
    <div className="limit-pending" data-confirmable={pending.confirmable || undefined}>
      <p className="limit-pending__text">
        {what} {when}
      </p>
      <div className="limit-card__actions">
        {pending.confirmable ? (
          <button
            type="button"
            className="modal-button"
            disabled={busy}
            onClick={() => onAction("confirm")}
          >
            {pending.remove
              ? text("confirmRemoval", "Confirm removal")
              : text("confirm", "Confirm")}
            <span className="visually-hidden"> {texts.label(limit)}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="modal-button modal-button--secondary"
          disabled={busy}
          onClick={() => onAction("keep")}
        >
          {text("keep", "Keep current limit")}
          <span className="visually-hidden"> {texts.label(limit)}</span>
        </button>
      </div>
    </div>
  );
}

function RemoveQuestion({
  texts,
  label,
  busy,
  onRemove,
  onKeep,
}: {
  texts: LimitTexts;
  label: string;
  busy: boolean;
  onRemove: () => void;
  onKeep: () => void;
}) {
  const { text } = texts;
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <fieldset className="limit-confirm">
      <legend className="limit-confirm__text">
        {text(
          "removeQuestion",
          "Remove your {limit}? The removal waits 24 hours, and then you need to confirm it. Until then the limit stays.",
          { limit: label },
        )}
      </legend>
      <div className="limit-card__actions">
        <button
          ref={first}
          type="button"
          className="modal-button"
          disabled={busy}
          onClick={onRemove}
        >
          {text("removeYes", "Yes, remove")}
        </button>
        <button type="button" className="modal-button modal-button--secondary" onClick={onKeep}>
          {text("removeNo", "No, keep it")}
        </button>
      </div>
    </fieldset>
  );
}

function BlockCard({ limit, texts }: { limit: PlayerLimit; texts: LimitTexts }) {
  const { text } = texts;
  const name = texts.definition(limit.definition);
  return (
    <article
      className="limit-card limit-card--block"
      aria-label={name}
      data-definition={limit.definition}
    >
      <div className="limit-card__head">
        <h3 className="limit-card__title">{name}</h3>
      </div>
      <p className="limit-card__amount">
        <strong>
          {limit.expiresAt
            ? text("until", "Until {date}", { date: texts.date(limit.expiresAt) })
            : text("indefinitely", "Indefinitely")}
        </strong>
      </p>
      <p className="limit-card__usage">
        {text(
          "blockText",
          "No deposits or bets until it ends. It cannot be undone or shortened; withdrawals stay possible.",
        )}
      </p>
      <p className="limit-card__since">
        {text("since", "Started {date}", { date: texts.date(limit.createdAt) })}
      </p>
    </article>
  );
}
