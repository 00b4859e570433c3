// What a bonus channel event does (loaded on the first one, see bonus-live.ts):
// - bonus.player-bonus.updated / bonus.player-freespin.updated: an issued or active item reloads
//   the lists, any other status removes it from the cached current lists (BN-08); the reloads
//   of a burst collapse into one after 500 ms (BN-09); the status-result alert (`bonus-2-1`,
//   `freespin-3-4`, …, content group alerts) shows at once (BN-06, BN-07), free-spin alerts with
//   a link to /profile/bonuses (BN-15) and the game's cover from the game info by gameId (when
//   that fetch fails, the error is logged and the alert shows without it, ER-20);
// - bonus.player-bonus-code.*: the stored codes reload (the form that sent a code raises its
//   status 3 / 4 alert itself, BN-11).
import type { QueryClient } from "@tanstack/react-query";
import type { TextVars } from "../../lib/content/translate";
import { alertToast } from "../../toasts/alert-text";
import type { ToastApi, ToastInput } from "../../toasts/toast-types";
import { gameQuery } from "../games/games-api";
import {
  BONUS_CODES_KEY,
  PLAYER_BONUSES_KEY,
  PLAYER_FREESPINS_KEY,
  type PlayerBonus,
  type PlayerFreespin,
} from "./bonus-api";
import {
  BONUS_DEBOUNCE_MS,
  bonusAlertKey,
  debounce,
  realtimeAction,
  withoutItem,
} from "./bonus-rules";

type Context = {
  client: QueryClient;
  /** The signed-in player's profile id (the game info query's key). */
  viewer: string | null;
  alerts: Record<string, unknown>;
  toasts: ToastApi;
  href: (path: string) => string;
  t: (key: string, fallback: string, vars?: TextVars) => string;
};

const FALLBACK_TITLES: Record<string, string> = {
  "1-1": "New bonus",
  "2-1": "Bonus activated",
  "3-2": "Bonus completed",
  "3-3": "Bonus canceled",
  "3-4": "Bonus expired",
  "3-5": "Bonus lost",
};

/** The toast of a status-result alert: content `alerts.<kind>-<key>`, else an English text. */
export function statusAlert(
  kind: "bonus" | "freespin",
  key: string,
  vars: TextVars,
  context: Pick<Context, "alerts" | "href" | "t">,
): ToastInput {
  const name = `${kind}-${key}`;
  const configured = name in context.alerts;
  const toast: ToastInput = configured
    ? alertToast(context.alerts, name, vars)
    : {
        type: key === "3-3" || key === "3-4" || key === "3-5" ? "warning" : "success",
        title: `${kind === "freespin" ? "Free spins: " : ""}${FALLBACK_TITLES[key] ?? key}`,
        description: String(vars.name ?? ""),
      };
  if (kind === "freespin") {
    toast.link = {
      to: context.href("/profile/bonuses"),
      label: context.t("global-components.toasts.bonusesLink", "Open my bonuses"),
    };
  }
  return toast;
}

function alertVars(item: PlayerBonus | PlayerFreespin): TextVars {
  if ("count" in item) {
    return { name: item.name, count: item.count, game: item.gameTitle, currency: item.currency };
  }
  return { name: item.name, amount: item.amount, currency: item.currency };
}

// One debounced reload per list (BN-09): a burst of updates gives one refetch.
const reloads = new Map<string, ReturnType<typeof debounce<[QueryClient]>>>();
function reload(key: readonly string[], client: QueryClient) {
  const id = key.join("/");
  let run = reloads.get(id);
  if (!run) {
    run = debounce((target: QueryClient) => {
      void target.invalidateQueries({ queryKey: key });
    }, BONUS_DEBOUNCE_MS);
    reloads.set(id, run);
  }
  run(client);
}

/** A free-spin alert with its game's cover: the game info by gameId (cached like the game page's). */
async function withGameCover(toast: ToastInput, item: PlayerFreespin, context: Context) {
  try {
    const game = await context.client.fetchQuery(gameQuery(String(item.gameId), context.viewer));
    if (game.image) toast.image = { src: game.image, alt: game.title };
  } catch (error) {
    // ER-20: logged; the alert is built without the game info.
    console.error(`Free-spin alert without the info of game ${item.gameId}:`, error);
  }
  return toast;
}

async function applyItem(
  kind: "bonus" | "freespin",
  item: PlayerBonus | PlayerFreespin,
  context: Context,
): Promise<void> {
  const key = kind === "bonus" ? PLAYER_BONUSES_KEY : PLAYER_FREESPINS_KEY;
  if (realtimeAction(item) === "remove") {
    // BN-08: gone from the current lists at once; the history learns it with the next reload.
    context.client.setQueriesData<(PlayerBonus | PlayerFreespin)[]>(
      { queryKey: [...key, "1,2"] },
      (list) => (list ? withoutItem(list, item.id) : list),
    );
  }
  reload(key, context.client);
  // The balances change with a bonus's life (issued, converted, removed).
  reload(["wallet", "accounts"], context.client);
  const alertKey = bonusAlertKey(item, kind);
  if (!alertKey) return;
  const toast = statusAlert(kind, alertKey, alertVars(item), context);
  if ("count" in item) await withGameCover(toast, item, context);
  context.toasts.show(toast);
}

/** Resolves once the event's alert (if any) is shown. */
export async function handleBonusEvent(
  namespace: string,
  data: unknown,
  context: Context,
): Promise<void> {
  const event = data as {
    type?: string;
    playerBonus?: PlayerBonus;
    playerFreespin?: PlayerFreespin;
    playerBonusCode?: { status: number; bonusCode: string };
  } | null;
  if (!event) return;
  if (namespace === "bonus:player-bonuses" && event.playerBonus) {
    await applyItem("bonus", event.playerBonus, context);
  } else if (namespace === "bonus:player-freespins" && event.playerFreespin) {
    await applyItem("freespin", event.playerFreespin, context);
  } else if (namespace === "bonus:player-bonus-codes") {
    reload(BONUS_CODES_KEY, context.client);
  }
}
