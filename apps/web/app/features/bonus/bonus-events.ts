// What a bonus channel event does (loaded on the first one, see bonus-live.ts):
// - bonus.player-bonus.updated / bonus.player-freespin.updated: an issued or active item reloads
//   the lists, any other status removes it from the cached current lists (BN-08); the reloads
//   of a burst collapse into one after 500 ms (BN-09); the status-result alert (`bonus-2-1`,
//   `freespin-3-4`, …, content group alerts) shows at once (BN-06, BN-07), free-spin alerts with
//   a link to /profile/bonuses (BN-15);
// - bonus.player-bonus-code.*: the stored codes reload (the form that sent a code raises its
//   status 3 / 4 alert itself, BN-11).
import type { QueryClient } from "@tanstack/react-query";
import type { TextVars } from "../../lib/content/translate";
import { alertToast } from "../../toasts/alert-text";
import type { ToastApi, ToastInput } from "../../toasts/toast-types";
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

function applyItem(
  kind: "bonus" | "freespin",
  item: PlayerBonus | PlayerFreespin,
  context: Context,
) {
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
  if (alertKey) context.toasts.show(statusAlert(kind, alertKey, alertVars(item), context));
}

export function handleBonusEvent(namespace: string, data: unknown, context: Context): void {
  const event = data as {
    type?: string;
    playerBonus?: PlayerBonus;
    playerFreespin?: PlayerFreespin;
    playerBonusCode?: { status: number; bonusCode: string };
  } | null;
  if (!event) return;
  if (namespace === "bonus:player-bonuses" && event.playerBonus) {
    applyItem("bonus", event.playerBonus, context);
  } else if (namespace === "bonus:player-freespins" && event.playerFreespin) {
    applyItem("freespin", event.playerFreespin, context);
  } else if (namespace === "bonus:player-bonus-codes") {
    reload(BONUS_CODES_KEY, context.client);
  }
}
