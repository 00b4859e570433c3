// The sandbox game studio: the game client of the seeded outside providers (sandbox-slots,
// sandbox-live; SANDBOX_GAME_PROVIDERS), which have no launch URL of their own and so launch to
// /sandbox/games/{provider}/{gameCode} (play-game.ts). It stands in for an outside studio and
// talks to the platform only as one does, through the studio's platform client
// (studio/platform-client.ts): the signed provider wallet API (balance, then a bet and a
// closing win per spin), with the provider's own key. A page without scripts: the
// balance, a stake, a Spin button and the last result (Post/Redirect/Get, so reloading the page
// never places a bet again). Demo launches play with 1,000.00 of demo money kept in the page.
// Outcomes come from node:crypto (a sandbox, not a provably fair game: that is the in-house
// studio's); the paytable pays 96 % (10× 1 %, 5× 4 %, 2× 30 %, 0.5× 12 %, else nothing).
import { randomInt, randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { SANDBOX_GAME_PROVIDERS } from "../../config";
import type { AppContext } from "../../context";
import { injectFetch } from "../../lib/inject-fetch";
import {
  createPlatformClient,
  type PlatformClient,
  PlatformUnreachable,
  type WalletBalance,
  type WalletResult,
} from "../studio/platform-client";
import { acceptForms, escapeHtml, sandboxPage } from "./html";

export const SANDBOX_GAMES_PATH = "/sandbox/games";
const DEMO_START = "1000.00";

/** Multipliers as fractions, by the roll of 0..99 they need to be under. */
const PAYTABLE: readonly { under: number; times: [bigint, bigint] }[] = [
  { under: 1, times: [10n, 1n] },
  { under: 5, times: [5n, 1n] },
  { under: 35, times: [2n, 1n] },
  { under: 47, times: [1n, 2n] },
];

const Amount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, "Enter an amount such as 1.00");

const GameParams = z.object({
  provider: z.enum(SANDBOX_GAME_PROVIDERS),
  gameCode: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/),
});

const Currency = z.string().regex(/^[A-Z0-9]{2,10}$/);

const LaunchQuery = z.object({
  token: z.string().min(16).max(200),
  mode: z.enum(["real", "demo"]).default("real"),
  /** The session's currency (empty for a demo launch; a real one takes the wallet's). */
  currency: Currency.or(z.literal("")).optional(),
  locale: z.string().max(20).optional(),
  returnUrl: z.string().max(2000).optional(),
  /** The last spin, shown after the redirect. */
  stake: Amount.optional(),
  payout: Amount.optional(),
  error: z.string().max(300).optional(),
  demoBalance: Amount.optional(),
});

const SpinForm = z.object({
  token: z.string().min(16).max(200),
  mode: z.enum(["real", "demo"]),
  currency: Currency,
  locale: z.string().max(20).optional(),
  returnUrl: z.string().max(2000).optional(),
  stake: Amount,
  demoBalance: Amount.optional(),
});

/** A decimal amount as an integer and its number of decimals ("1.50" → 150n, 2). */
function scaled(amount: string): { units: bigint; decimals: number } {
  const [whole, fraction = ""] = amount.split(".");
  return { units: BigInt(`${whole}${fraction}`), decimals: fraction.length };
}

function decimal(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString();
  const text = units.toString().padStart(decimals + 1, "0");
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/** What a roll pays for `stake`, in the stake's decimals, rounded down. */
export function payoutOf(stake: string, roll: number): string {
  const { units, decimals } = scaled(stake);
  const line = PAYTABLE.find((entry) => roll < entry.under);
  const [times, per] = line?.times ?? [0n, 1n];
  return decimal((units * times) / per, decimals);
}

/** The demo balance after a spin, or null when the stake is more than the balance. */
function demoBalanceAfter(balance: string, stake: string, payout: string): string | null {
  const parts = [balance, stake, payout].map(scaled);
  const decimals = Math.max(...parts.map((part) => part.decimals));
  const [b, s, p] = parts.map((part) => part.units * 10n ** BigInt(decimals - part.decimals));
  return s! > b! ? null : decimal(b! - s! + p!, decimals);
}

/** Only a path of this site: the page never links elsewhere. */
function safeReturnUrl(url: string | undefined): string | null {
  return url && /^\/(?!\/)/.test(url) ? url : null;
}

export async function sandboxGameRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // One client per studio, as an outside studio writes it (studio/platform-client.ts), reaching
  // this site in-process.
  const clients = new Map<string, PlatformClient>();
  const wallet = async (
    provider: string,
    call: (client: PlatformClient) => Promise<WalletResult>,
  ): Promise<
    { ok: true; data: WalletBalance } | { ok: false; status: number; message: string }
  > => {
    const secret = ctx.config.gameProviderSecrets[provider];
    if (!secret)
      return { ok: false, status: 503, message: "This sandbox studio has no wallet key" };
    let client = clients.get(provider);
    if (!client) {
      client = createPlatformClient({
        baseUrl: "http://platform.internal",
        provider,
        secret,
        fetch: injectFetch(app),
        now: ctx.now,
      });
      clients.set(provider, client);
    }
    try {
      return await call(client);
    } catch (error) {
      if (!(error instanceof PlatformUnreachable)) throw error;
      return { ok: false, status: 502, message: "The casino did not answer; try again" };
    }
  };
  const title = async (provider: string, gameCode: string) => {
    const [row] = await ctx.db.query<{ title: string }>(
      `SELECT g.title FROM games g JOIN game_providers p ON p.id = g.provider_id
        WHERE p.slug = $1 AND g.code = $2`,
      [provider, gameCode],
    );
    return row?.title ?? null;
  };

  await app.register(async (scope) => {
    acceptForms(scope);
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const path = `${SANDBOX_GAMES_PATH}/:provider/:gameCode`;

    api.get(
      path,
      { schema: { hide: true, params: GameParams, querystring: LaunchQuery } },
      async (request, reply) => {
        reply.type("text/html").header("cache-control", "no-store");
        const { provider, gameCode } = request.params;
        const query = request.query;
        const name = await title(provider, gameCode);
        if (!name) return reply.code(404).send(sandboxPage("Unknown game", "<p>No such game.</p>"));
        let balance: string;
        let sessionCurrency: string;
        if (query.mode === "demo") {
          balance = query.demoBalance ?? DEMO_START;
          sessionCurrency = query.currency || "FUN";
        } else {
          const answer = await wallet(provider, (client) => client.balance({ token: query.token }));
          if (!answer.ok) {
            return reply
              .code(answer.status)
              .send(sandboxPage(name, `<p role="alert">${escapeHtml(answer.message)}</p>`));
          }
          balance = answer.data.balance;
          sessionCurrency = answer.data.currency;
        }
        const currency = escapeHtml(sessionCurrency);
        const last = query.error
          ? `<p role="alert">${escapeHtml(query.error)}</p>`
          : query.stake !== undefined && query.payout !== undefined
            ? `<p role="status">Last spin: staked ${escapeHtml(query.stake)} ${currency}, ${
                /[1-9]/.test(query.payout)
                  ? `won ${escapeHtml(query.payout)} ${currency}`
                  : "no win"
              }.</p>`
            : `<p role="status">Pays 10×, 5×, 2× or half the stake back (96 %).</p>`;
        const hidden = Object.entries({
          token: query.token,
          mode: query.mode,
          currency: sessionCurrency,
          locale: query.locale,
          returnUrl: query.returnUrl,
          demoBalance: query.mode === "demo" ? balance : undefined,
        })
          .filter(([, value]) => value !== undefined)
          .map(
            ([key, value]) =>
              `<input type="hidden" name="${key}" value="${escapeHtml(String(value))}">`,
          )
          .join("");
        const back = safeReturnUrl(query.returnUrl);
        const action = `${SANDBOX_GAMES_PATH}/${provider}/${encodeURIComponent(gameCode)}`;
        return sandboxPage(
          name,
          `<p>${query.mode === "demo" ? "Demo balance" : "Balance"}: <strong>${escapeHtml(balance)} ${currency}</strong></p>
${last}
<form method="post" action="${action}">${hidden}
  <label for="stake">Stake (${currency})</label>
  <input id="stake" name="stake" inputmode="decimal" value="${escapeHtml(query.stake ?? "1.00")}" required>
  <p><button type="submit">Spin</button></p>
</form>
<p><small>Sandbox studio: no real game, outcomes from a random number.</small>${
            back ? ` <a href="${escapeHtml(back)}" target="_top">Back to the casino</a>` : ""
          }</p>`,
        );
      },
    );

    api.post(
      path,
      { schema: { hide: true, params: GameParams, body: SpinForm } },
      async (request, reply) => {
        const { provider, gameCode } = request.params;
        const form = request.body;
        const payout = payoutOf(form.stake, randomInt(100));
        const next = new URLSearchParams({
          token: form.token,
          mode: form.mode,
          currency: form.currency,
          ...(form.locale ? { locale: form.locale } : {}),
          ...(form.returnUrl ? { returnUrl: form.returnUrl } : {}),
        });
        const target = () =>
          `${SANDBOX_GAMES_PATH}/${provider}/${encodeURIComponent(gameCode)}?${next}`;
        if (!/[1-9]/.test(form.stake)) {
          next.set("error", "The stake must be more than 0");
          if (form.demoBalance) next.set("demoBalance", form.demoBalance);
          return reply.redirect(target(), 303);
        }
        if (form.mode === "demo") {
          const balance = form.demoBalance ?? DEMO_START;
          const after = demoBalanceAfter(balance, form.stake, payout);
          if (after === null) {
            next.set("error", "Not enough demo money for that stake");
            next.set("demoBalance", balance);
          } else {
            next.set("demoBalance", after);
            next.set("stake", form.stake);
            next.set("payout", payout);
          }
          return reply.redirect(target(), 303);
        }
        // A real spin: a bet, then the win (0 for a loss) that closes the round.
        const roundId = `sbx-${randomUUID()}`;
        const common = { token: form.token, roundId, currency: form.currency, gameCode };
        const bet = await wallet(provider, (client) =>
          client.bet({
            ...common,
            transactionId: `sbx-bet-${randomUUID()}`,
            amount: form.stake,
            closeRound: false,
          }),
        );
        if (!bet.ok) {
          next.set("error", bet.message);
          return reply.redirect(target(), 303);
        }
        const win = await wallet(provider, (client) =>
          client.win({
            ...common,
            transactionId: `sbx-win-${randomUUID()}`,
            amount: payout,
            closeRound: true,
          }),
        );
        if (!win.ok) next.set("error", win.message);
        else {
          next.set("stake", form.stake);
          next.set("payout", payout);
        }
        return reply.redirect(target(), 303);
      },
    );
  });
}
