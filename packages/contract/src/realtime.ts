// Realtime channels (spec §7 "Realtime", RTM-07, RTM-09; DESIGN.md "Realtime"). The server
// (apps/server/src/modules/realtime) and the web client (apps/web/app/lib/realtime) both take the
// names from here. A channel ending in `#{profileId}` belongs to that player: only a connection
// authenticated as that profile may subscribe to it. The public channels are open to anyone,
// guests included.
//
// No imports: the web shell loads this file, so it must stay free of zod schemas.
// `walletAccountsChannel` (wallet.ts) and `paymentInvoicesChannel` (payment.ts) build the same
// names as `playerChannel("walletAccounts" | "paymentInvoices", id)` (a test holds them equal).

/** The WebSocket endpoint of the Centrifuge JSON protocol (RTM-01). */
export const REALTIME_PATH = "/api/connection/websocket";

/** Client timings of spec §7 (RTM-04..RTM-06), in milliseconds. */
export const REALTIME_TIMINGS = Object.freeze({
  minReconnectDelay: 500,
  maxReconnectDelay: 20_000,
  timeout: 5_000,
  maxServerPingDelay: 10_000,
});

/** Public channels: the online count, recent wins and tournament leaderboards, for everyone. */
export const PUBLIC_CHANNELS = Object.freeze({
  globalOnline: "global:online",
  winners: "game:winners",
  /** Every tournament's top entries as they change (tournament.ts). */
  tournamentLeaderboards: "retention:tournament-leaderboards",
});
export const publicChannels: readonly string[] = Object.values(PUBLIC_CHANNELS);

/** The namespaces of the per-profile channels: `{namespace}#{profileId}`. */
export const PLAYER_CHANNEL_NAMESPACES = Object.freeze({
  bonusCodes: "bonus:player-bonus-codes",
  bonuses: "bonus:player-bonuses",
  freespins: "bonus:player-freespins",
  walletAccounts: "wallet:accounts",
  paymentInvoices: "payment:invoices",
  retentionQuests: "retention:quests",
  retentionAccounts: "retention:accounts",
  messenger: "notification:messenger",
  tournaments: "retention:tournaments",
  gameBets: "game:bets",
});
export type PlayerChannelKey = keyof typeof PLAYER_CHANNEL_NAMESPACES;
export const playerChannelNamespaces: readonly string[] = Object.values(PLAYER_CHANNEL_NAMESPACES);

export function playerChannel(key: PlayerChannelKey, profileId: string): string {
  return `${PLAYER_CHANNEL_NAMESPACES[key]}#${profileId}`;
}

/**
 * Every channel a signed-in player's tab subscribes to (RTM-07, RTM-09): the per-profile
 * channels of spec §7 and the public online channel.
 */
export function playerChannels(profileId: string): string[] {
  return [
    ...(Object.keys(PLAYER_CHANNEL_NAMESPACES) as PlayerChannelKey[]).map((key) =>
      playerChannel(key, profileId),
    ),
    PUBLIC_CHANNELS.globalOnline,
  ];
}

/** The channels a guest's tab subscribes to. */
export function guestChannels(): string[] {
  return [PUBLIC_CHANNELS.globalOnline];
}

/** Splits `ns#owner` into its namespace and owner; a channel without `#` has owner null. */
export function parseChannel(channel: string): { namespace: string; owner: string | null } {
  const hash = channel.lastIndexOf("#");
  if (hash < 0) return { namespace: channel, owner: null };
  return { namespace: channel.slice(0, hash), owner: channel.slice(hash + 1) };
}

/** Whether the channel is one the platform knows (public, or a known namespace with an owner). */
export function isKnownChannel(channel: string): boolean {
  if (publicChannels.includes(channel)) return true;
  const { namespace, owner } = parseChannel(channel);
  return owner !== null && owner !== "" && playerChannelNamespaces.includes(namespace);
}

/**
 * The live chat's channels (issue 26, chat.ts): one per conversation and the support desk's.
 * They are not tied to a profile (a guest has none), so a subscription needs a subscription token
 * for exactly that channel (the subscribe request's `token`), which the chat API issues: a
 * conversation's to its player or guest, the desk's to staff with the `support` scope.
 */
export const CHAT_CONVERSATION_CHANNEL_PREFIX = "chat:conversation:";
export const CHAT_DESK_CHANNEL = "chat:desk";

export function chatConversationChannel(conversationId: string): string {
  return `${CHAT_CONVERSATION_CHANNEL_PREFIX}${conversationId}`;
}

/** Whether the channel needs a subscription token (the chat's channels). */
export function isTokenChannel(channel: string): boolean {
  if (channel === CHAT_DESK_CHANNEL) return true;
  return (
    channel.startsWith(CHAT_CONVERSATION_CHANNEL_PREFIX) &&
    /^[0-9a-f-]{36}$/.test(channel.slice(CHAT_CONVERSATION_CHANNEL_PREFIX.length))
  );
}
