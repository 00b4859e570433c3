// RTM-10: every realtime event type of spec §7 the site acts on, each through the handler its
// channel's listener calls.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { betRuleModal } from "../../features/games/bet-events";
import { handleRetentionEvent } from "../../features/retention/retention-events";
import { completedAlertVars } from "../../features/tournaments/completed-alert";
import { readInvoiceEvent } from "../../features/wallet/channels";
import { invoiceAlertKey } from "../../features/wallet/wallet-rules";

const invoice = (status: number, type: number) => ({
  id: "0b9c8a5e-2f1d-4c3b-8a7e-6d5c4b3a2f10",
  number: "1001",
  type,
  status,
  method: "sandbox-card",
  amount: "50.00",
  currency: "EUR",
  createdAt: "2026-01-01T00:00:00.000Z",
  publicData: { qr: null },
});

function retentionContext() {
  const client = new QueryClient();
  const invalidated: unknown[] = [];
  client.invalidateQueries = (async (filters?: { queryKey?: unknown }) => {
    invalidated.push(filters?.queryKey);
  }) as typeof client.invalidateQueries;
  const alerts: { key: string; vars: unknown }[] = [];
  const context = {
    client,
    alert: (key: string, vars?: unknown) => alerts.push({ key, vars }),
    modals: { open: () => {} },
    toasts: { show: () => {}, dismiss: () => {} },
    pathname: "/",
    t: (_key: string, fallback: string) => fallback,
  } as unknown as Parameters<typeof handleRetentionEvent>[2];
  return { context, invalidated, alerts };
}

describe("realtime events handled (RTM-10)", () => {
  it("RTM-10 quest.updated and quest.task.updated refresh the quests and raise their alerts", () => {
    const { context, invalidated, alerts } = retentionContext();
    handleRetentionEvent(
      "retention:quests",
      { type: "quest.updated", quest: { name: "Warm-up", state: 2 }, previousState: 1 },
      context,
    );
    handleRetentionEvent(
      "retention:quests",
      {
        type: "quest.task.updated",
        quest: { name: "Warm-up" },
        task: { name: "Spin 10 times", isCompleted: true },
        completedNow: true,
      },
      context,
    );
    expect(alerts.map((alert) => alert.key)).toEqual(["questStateChanged", "taskCompleted"]);
    expect(invalidated).toContainEqual(["retention", "quests"]);
    expect(invalidated).toContainEqual(["retention", "player-quests"]);
  });

  it("RTM-10 invoice.deposit.updated and invoice.withdrawal.updated are read and raise their status alerts", () => {
    const deposit = readInvoiceEvent({ type: "invoice.deposit.updated", invoice: invoice(2, 1) });
    const withdrawal = readInvoiceEvent({
      type: "invoice.withdrawal.updated",
      invoice: invoice(3, 2),
    });
    expect(deposit && invoiceAlertKey(deposit.type, deposit.invoice.status)).toBe("depositSuccess");
    expect(withdrawal && invoiceAlertKey(withdrawal.type, withdrawal.invoice.status)).toBe(
      "withdrawError",
    );
  });

  it("RTM-10 game.bet.restricted and game.bet.max.exceed open their modals", () => {
    expect(
      betRuleModal({ type: "game.bet.restricted", playerBonus: { currency: "EUR" } })?.key,
    ).toBe("restricted-bets");
    expect(
      betRuleModal({
        type: "game.bet.max.exceed",
        playerBonus: { id: 1, currency: "EUR" },
        maxBetAmount: "5.00",
      })?.key,
    ).toBe("max-bets");
  });

  it("RTM-10 tournament.completed on the tournaments channel raises the completed alert", () => {
    expect(
      completedAlertVars(
        "retention:tournaments#p1",
        {
          type: "tournament.completed",
          place: 2,
          tournament: { title: "Weekend race" },
          prize: { title: "100 EUR" },
        },
        "en",
      ),
    ).toEqual({ place: "2nd", tournament: "Weekend race", prize: "100 EUR" });
    expect(
      completedAlertVars("retention:quests#p1", { type: "tournament.completed", place: 2 }, "en"),
    ).toBeNull();
    expect(completedAlertVars("retention:tournaments#p1", { type: "other" }, "en")).toBeNull();
  });
});
