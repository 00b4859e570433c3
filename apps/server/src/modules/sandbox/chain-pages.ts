// The sandbox chain's dev page (/sandbox/chain) and its JSON API (what `npm run chain:send`
// calls). Mounted only with SANDBOX_CHAIN. After every action the chain "notifies" the platform
// (as a node's new-block notification or an indexer's webhook would) by running the watcher
// once, so the page shows the outcome at once; the background job polls as well.

import { ErrorBody } from "@casino/contract/errors";
import {
  SandboxChainDropRequest,
  SandboxChainMineRequest,
  SandboxChainMineResponse,
  SandboxChainSendRequest,
  type SandboxChainTransfer,
  SandboxChainTransferParams,
  SandboxChainTransferResponse,
} from "@casino/contract/payment";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import type { ChainWatcher } from "../crypto/chain-watcher";
import { transferKey, transferStatuses } from "../crypto/chain-watcher";
import {
  CHAIN_NETWORKS,
  type CryptoConfig,
  chainNetwork,
  confirmationsFor,
} from "../crypto/networks";
import type { SandboxChain, SandboxTransfer } from "./chain";
import { acceptForms, escapeHtml, sandboxPage } from "./html";

export const SANDBOX_CHAIN_PATH = "/sandbox/chain";

export interface SandboxChainPagesOptions {
  chain: SandboxChain;
  watcher: ChainWatcher;
  config: CryptoConfig;
  db: Queryable;
}

export async function registerSandboxChainPages(
  app: FastifyInstance,
  options: SandboxChainPagesOptions,
): Promise<void> {
  const { chain, watcher, config, db } = options;
  const notify = async () => {
    try {
      await watcher.runOnce();
    } catch (error) {
      app.log.error({ err: error }, "chain watcher failed after a sandbox chain action");
    }
  };
  const required = (network: string) => {
    const definition = chainNetwork(network);
    return definition ? confirmationsFor(config, definition) : 0;
  };
  const view = async (transfers: SandboxTransfer[]): Promise<SandboxChainTransfer[]> => {
    const statuses = await transferStatuses(db, transfers);
    return transfers.map((transfer) => {
      const platform = statuses.get(transferKey(transfer));
      return {
        network: transfer.network,
        txid: transfer.txid,
        vout: transfer.vout,
        currency: transfer.currency,
        address: transfer.address,
        tag: transfer.tag,
        amount: transfer.amountText,
        confirmations: transfer.confirmations,
        dropped: transfer.dropped,
        requiredConfirmations: required(transfer.network),
        platformStatus: platform?.status ?? null,
        platformReason: platform?.reason ?? null,
      };
    });
  };

  const send = async (body: z.infer<typeof SandboxChainSendRequest>) => {
    const sent = await chain.send(body);
    if (body.confirmations) await chain.mine(body.network, body.confirmations);
    await notify();
    return (await chain.find(sent.network, sent.txid, sent.vout))!;
  };
  const mine = async (body: z.infer<typeof SandboxChainMineRequest>) => {
    const height = await chain.mine(body.network, body.blocks);
    await notify();
    return height;
  };
  const drop = async (body: z.infer<typeof SandboxChainDropRequest>) => {
    const dropped = await chain.drop(body.network, body.txid, body.vout);
    if (!dropped) throw AppError.notFound("No such transfer on the sandbox chain");
    await notify();
    return dropped;
  };

  await app.register(async (scope) => {
    acceptForms(scope);
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const errors = { 404: ErrorBody, 422: ErrorBody };

    api.get<{ Querystring: { message?: string } }>(
      SANDBOX_CHAIN_PATH,
      { schema: { hide: true } },
      async (request, reply) => {
        reply.type("text/html").header("cache-control", "no-store");
        const message = typeof request.query.message === "string" ? request.query.message : "";
        return renderPage(await view(await chain.latest(50)), await heights(chain), config, {
          message,
        });
      },
    );

    // The dev page's forms: one urlencoded POST with an `action`, answered by a redirect back.
    api.post<{ Body: Record<string, string> }>(
      SANDBOX_CHAIN_PATH,
      { schema: { hide: true } },
      async (request, reply) => {
        const { action, ...fields } = request.body ?? {};
        const back = (message: string) =>
          reply.redirect(`${SANDBOX_CHAIN_PATH}?message=${encodeURIComponent(message)}`, 303);
        const problem = async (error: unknown) => {
          const fieldErrors =
            error instanceof AppError && error.fields
              ? Object.entries(error.fields).map(
                  ([key, messages]) => `${key}: ${messages.join(", ")}`,
                )
              : [(error as Error).message];
          reply.code(422).type("text/html");
          return renderPage(await view(await chain.latest(50)), await heights(chain), config, {
            message: `Refused: ${fieldErrors.join("; ")}`,
            values: fields,
          });
        };
        try {
          if (action === "send") {
            const body = parseOrThrow(SandboxChainSendRequest, fields);
            const sent = await send(body);
            return back(`Sent ${sent.amountText} ${sent.currency}: ${sent.txid}`);
          }
          if (action === "mine") {
            const body = parseOrThrow(SandboxChainMineRequest, fields);
            const height = await mine(body);
            return back(`Mined ${body.blocks} block(s) on ${body.network}: height ${height}`);
          }
          if (action === "drop") {
            const body = parseOrThrow(SandboxChainDropRequest, fields);
            await drop(body);
            return back(`Dropped ${body.txid} from ${body.network}`);
          }
          throw AppError.unprocessable({ action: ["send, mine or drop"] });
        } catch (error) {
          if (error instanceof AppError && error.status === 422) return problem(error);
          throw error;
        }
      },
    );

    api.post(
      `${SANDBOX_CHAIN_PATH}/transfers`,
      {
        schema: {
          hide: true,
          body: SandboxChainSendRequest,
          response: { 201: SandboxChainTransferResponse, ...errors },
        },
      },
      async (request, reply) => {
        const [data] = await view([await send(request.body)]);
        return reply.code(201).send({ data: data! });
      },
    );

    api.post(
      `${SANDBOX_CHAIN_PATH}/mine`,
      {
        schema: {
          hide: true,
          body: SandboxChainMineRequest,
          response: { 200: SandboxChainMineResponse, ...errors },
        },
      },
      async (request) => ({
        data: { network: request.body.network, height: await mine(request.body) },
      }),
    );

    api.post(
      `${SANDBOX_CHAIN_PATH}/drop`,
      {
        schema: {
          hide: true,
          body: SandboxChainDropRequest,
          response: { 200: SandboxChainTransferResponse, ...errors },
        },
      },
      async (request) => {
        const [data] = await view([await drop(request.body)]);
        return { data: data! };
      },
    );

    api.get(
      `${SANDBOX_CHAIN_PATH}/transfers/:network/:txid/:vout`,
      {
        schema: {
          hide: true,
          params: SandboxChainTransferParams,
          response: { 200: SandboxChainTransferResponse, ...errors },
        },
      },
      async (request) => {
        const { network, txid, vout } = request.params;
        const transfer = await chain.find(network, txid, vout);
        if (!transfer) throw AppError.notFound("No such transfer on the sandbox chain");
        const [data] = await view([transfer]);
        return { data: data! };
      },
    );
  });
}

/** Contract validation for the form posts, as 422 with fields like every route. */
function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join(".") || "request";
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  throw AppError.unprocessable(fields);
}

async function heights(chain: SandboxChain): Promise<Map<string, number>> {
  const entries = await Promise.all(
    CHAIN_NETWORKS.map(async (network) => [network.id, await chain.height(network.id)] as const),
  );
  return new Map(entries);
}

function renderPage(
  transfers: SandboxChainTransfer[],
  heightByNetwork: Map<string, number>,
  config: CryptoConfig,
  state: { message: string; values?: Record<string, string> },
): string {
  const value = (name: string) => escapeHtml(state.values?.[name] ?? "");
  const networkOptions = CHAIN_NETWORKS.map(
    (network) =>
      `<option value="${network.id}"${state.values?.network === network.id ? " selected" : ""}>${escapeHtml(network.name)} (${network.nativeCurrency}${network.usesTag ? ", tag" : ""})</option>`,
  ).join("");
  const mineRows = CHAIN_NETWORKS.map(
    (
      network,
    ) => `<tr><td>${escapeHtml(network.name)}</td><td>${heightByNetwork.get(network.id) ?? 0}</td>
<td>${confirmationsFor(config, network)}</td>
<td><form method="post" action="${SANDBOX_CHAIN_PATH}"><input type="hidden" name="action" value="mine"><input type="hidden" name="network" value="${network.id}"><input type="hidden" name="blocks" value="1"><button>Mine a block</button></form></td></tr>`,
  ).join("");
  const transferRows = transfers
    .map((transfer) => {
      const dropForm = transfer.dropped
        ? ""
        : `<form method="post" action="${SANDBOX_CHAIN_PATH}"><input type="hidden" name="action" value="drop"><input type="hidden" name="network" value="${escapeHtml(transfer.network)}"><input type="hidden" name="txid" value="${escapeHtml(transfer.txid)}"><input type="hidden" name="vout" value="${transfer.vout}"><button>Drop (reorg)</button></form>`;
      const platform = transfer.platformStatus
        ? `${escapeHtml(transfer.platformStatus)}${transfer.platformReason ? ` (${escapeHtml(transfer.platformReason)})` : ""}`
        : "not seen yet";
      return `<tr><td>${escapeHtml(transfer.network)}</td>
<td><code title="${escapeHtml(transfer.txid)}">${escapeHtml(transfer.txid.slice(0, 12))}…:${transfer.vout}</code></td>
<td><code>${escapeHtml(transfer.address)}</code>${transfer.tag ? ` tag <code>${escapeHtml(transfer.tag)}</code>` : ""}</td>
<td>${escapeHtml(transfer.amount)} ${escapeHtml(transfer.currency)}</td>
<td>${transfer.dropped ? "dropped" : `${transfer.confirmations} / ${transfer.requiredConfirmations}`}</td>
<td>${platform}</td><td>${dropForm}</td></tr>`;
    })
    .join("");
  return sandboxPage(
    "Sandbox chain",
    `<style>body{max-width:60rem}table{border-collapse:collapse;width:100%;margin:1rem 0}td,th{border-bottom:1px solid #ddd;padding:.3rem;text-align:left;vertical-align:top;font-size:.9rem}code{word-break:break-all}label{display:block;margin:.5rem 0}</style>
<p>Fake chains for development: nothing here is real money. Send a transfer to a deposit address from the wallet, then mine blocks until it has the confirmations the platform waits for.</p>
${state.message ? `<p role="status"><strong>${escapeHtml(state.message)}</strong></p>` : ""}
<h2>Send a transfer</h2>
<form method="post" action="${SANDBOX_CHAIN_PATH}">
<input type="hidden" name="action" value="send">
<label>Network <select name="network">${networkOptions}</select></label>
<label>Address <input name="address" required value="${value("address")}"></label>
<label>Destination tag (tag networks only) <input name="tag" inputmode="numeric" value="${value("tag")}"></label>
<label>Amount (whole coins, e.g. 0.015) <input name="amount" required value="${value("amount")}"></label>
<label>Asset (empty: the network's coin) <input name="currency" value="${value("currency")}"></label>
<label>Blocks to mine at once <input name="confirmations" inputmode="numeric" value="${value("confirmations") || "0"}"></label>
<button>Send</button>
</form>
<h2>Blocks</h2>
<table><thead><tr><th>Network</th><th>Height</th><th>Confirmations needed</th><th></th></tr></thead><tbody>${mineRows}</tbody></table>
<h2>Latest transfers</h2>
<table><thead><tr><th>Network</th><th>Transaction</th><th>To</th><th>Amount</th><th>Confirmations</th><th>Platform</th><th></th></tr></thead><tbody>${transferRows || '<tr><td colspan="7">None yet.</td></tr>'}</tbody></table>`,
  );
}
