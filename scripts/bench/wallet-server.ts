// The HTTP side of `npm run bench:wallet`: a Fastify process whose one route validates a transfer
// with zod and posts it through the wallet's LedgerBatcher, as a game provider's bet or win
// call will (the provider wallet API of the games issue takes this path). Started by
// scripts/bench-wallet.ts; not part of the product.
//
// env: BENCH_DB (a postgres:// URL or pglite:<data dir>), PORT, BENCH_POOL (connections).
import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { openPGlite, openPostgres } from "../../apps/server/src/infra/db";
import { LedgerBatcher } from "../../apps/server/src/modules/wallet/ledger";

const target = process.env.BENCH_DB ?? "";
const db = target.startsWith("pglite:")
  ? await openPGlite({ dataDir: target.slice("pglite:".length) })
  : openPostgres(target, Number(process.env.BENCH_POOL ?? 8));
const batcher = new LedgerBatcher(db);

const Transfer = z.strictObject({
  key: z.string().min(1).max(200),
  from: z.string().regex(/^\d{1,18}$/),
  to: z.string().regex(/^\d{1,18}$/),
  currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
  amount: z.string().regex(/^[1-9]\d{0,17}$/),
});

const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompiler);
app.withTypeProvider<ZodTypeProvider>().post(
  "/bench/transfers",
  {
    // The body is validated with zod; the response is built from typed values and serialized
    // with JSON.stringify: validating it with zod as well cost about 10 µs of the 40 µs a
    // request takes in this process (profiled with a stubbed batcher, 2026-11-23).
    schema: { body: Transfer },
  },
  async (request) => {
    const { key, from, to, currency, amount } = request.body;
    const result = await batcher.post({
      key,
      kind: "bench.transfer",
      legs: [
        { account: BigInt(from), currency, amount: -BigInt(amount) },
        { account: BigInt(to), currency, amount: BigInt(amount) },
      ],
    });
    return { data: { status: result.status, replay: result.replay } };
  },
);

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.send?.("ready");
process.on("SIGTERM", async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
