// npm run ledger:check — verifies the ledger's invariants on the configured database
// (DATABASE_URL, else the embedded PGlite under DATA_DIR) and exits 1 with the offending rows.
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/infra/db";
import { migrate } from "../apps/server/src/infra/migrate";
import { checkLedger, LEDGER_CHECKS } from "../apps/server/src/modules/wallet/ledger-check";

const config = loadConfig(process.env, { persistSecrets: false });
const db = await openDatabase(config);
try {
  await migrate(db);
  const problems = await checkLedger(db);
  const [counts] = await db.query<{ transactions: string; entries: string }>(
    `SELECT (SELECT count(*) FROM ledger_transactions)::text AS transactions,
            (SELECT count(*) FROM ledger_entries)::text AS entries`,
  );
  for (const { check } of LEDGER_CHECKS) {
    const found = problems.filter((problem) => problem.check === check);
    console.log(`${found.length === 0 ? "ok  " : "FAIL"} ${check}`);
    for (const problem of found) console.log(`       ${JSON.stringify(problem.row)}`);
  }
  console.log(`${counts?.transactions} transactions, ${counts?.entries} entries checked`);
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await db.close();
}
