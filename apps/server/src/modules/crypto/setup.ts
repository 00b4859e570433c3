import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { SandboxChain } from "../sandbox/chain";
import { registerSandboxChainPages } from "../sandbox/chain-pages";
import type { ChainSource } from "./chain-source";
import { ChainWatcher } from "./chain-watcher";
import { accountKeyFor, BITCOIN_HRP, CHAIN_NETWORKS } from "./networks";

/** How often the background job polls the chain sources (BACKGROUND_JOBS). */
export const WATCH_INTERVAL_MS = 5_000;

export interface CryptoRuntime {
  /** Every chain source; a network is offered only while one of them follows it. */
  readonly sources: readonly ChainSource[];
  /** The source following a network, if any. */
  sourceFor(network: string): ChainSource | undefined;
  /** The app's watcher (the background job and the sandbox's new-block notification run it). */
  readonly watcher: ChainWatcher;
  /** Another watcher over the same sources, as a second node would have (tests). */
  newWatcher(): ChainWatcher;
  /** The sandbox chain when SANDBOX_CHAIN is on. */
  readonly sandbox: SandboxChain | null;
  readonly bitcoinHrp: string;
}

const runtimes = new WeakMap<AppContext, CryptoRuntime>();

export function cryptoRuntimeOf(ctx: AppContext): CryptoRuntime | undefined {
  return runtimes.get(ctx);
}

/**
 * Crypto deposits: the chain sources (the sandbox chain by SANDBOX_CHAIN; a real node or
 * indexer adapter is added here), the watcher on a timer, and the sandbox's dev page.
 */
export async function registerCrypto(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const config = ctx.config.crypto;
  const bitcoinHrp = BITCOIN_HRP[config.bitcoinNetwork];
  const sources: ChainSource[] = [];
  const sandbox = config.sandboxChain
    ? new SandboxChain({ db: ctx.db, now: ctx.now, bitcoinHrp })
    : null;
  if (sandbox) sources.push(sandbox);
  const newWatcher = () => new ChainWatcher({ ctx, sources, log: app.log });
  const watcher = newWatcher();
  const runtime: CryptoRuntime = {
    sources,
    sourceFor: (network) => sources.find((source) => source.networks.includes(network)),
    watcher,
    newWatcher,
    sandbox,
    bitcoinHrp,
  };
  runtimes.set(ctx, runtime);
  app.decorate("crypto", runtime);
  ctx.jobs.add({
    name: "crypto-chain-watcher",
    everyMs: WATCH_INTERVAL_MS,
    run: () => watcher.runOnce(),
  });
  if (sandbox)
    await registerSandboxChainPages(app, { chain: sandbox, watcher, config, db: ctx.db });

  const unavailable = CHAIN_NETWORKS.filter(
    (network) => !accountKeyFor(config, network) || !runtime.sourceFor(network.id),
  ).map((network) => network.id);
  if (unavailable.length > 0 && ctx.config.nodeEnv !== "test") {
    app.log.warn(
      { networks: unavailable },
      "crypto deposits are off on these networks: set CRYPTO_XPUBS and run a chain source (or SANDBOX_CHAIN)",
    );
  }
}

declare module "fastify" {
  interface FastifyInstance {
    crypto: CryptoRuntime;
  }
}
