// The consumer "sport-bets-realtime" of sport.bet.updated (raised by the provider wallet in the
// transaction that places or settles a sports bet): the bet's full state goes to the player's
// game:bets channel through the realtime outbox, in the dispatcher's transaction (exactly once
// per event; a dispatch's events read in two statements).
import { playerChannel } from "@casino/contract/realtime";
import type { SportBetUpdatedEvent } from "@casino/contract/sport";
import type { Queryable } from "../../infra/db";
import type { DomainEvent } from "../../infra/domain-events";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";
import { sportRepository } from "./repository";
import { sportBetViews } from "./view";

export const SPORT_BET_UPDATED = "sport.bet.updated";
export const SPORT_REALTIME_CONSUMER = "sport-bets-realtime";

/** What sport.bet.updated carries. */
export interface SportBetUpdatedPayload {
  sportBetId: string | number;
  profileId: string;
}

export async function publishSportBets(
  tx: Queryable,
  events: readonly DomainEvent[],
  now: Date,
): Promise<void> {
  const ids = events.map((event) =>
    String((event.payload as unknown as SportBetUpdatedPayload).sportBetId),
  );
  if (ids.length === 0) return;
  const rows = await sportRepository(tx).byIds([...new Set(ids)]);
  const views = new Map(
    (await sportBetViews(tx, rows)).map((view, n) => [view.id, { view, row: rows[n]! }]),
  );
  // One message per event, in event order: each carries the bet as it is now (a repeat is
  // harmless, the site shows the latest state).
  const messages = ids.flatMap((id) => {
    const found = views.get(id);
    if (!found) return [];
    const payload: SportBetUpdatedEvent = { type: "sport.bet.updated", bet: found.view };
    return [{ channel: playerChannel("gameBets", found.row.profile_id), payload }];
  });
  await enqueueRealtimeEvents(tx, messages, now);
}
