// npm start on a public interface (lib/listen-guard.ts, main.ts): the demo (sandboxes that
// approve their own payments, the dev outbox that shows reset codes, a root operator key)
// refuses to listen on a HOST that is not a loopback address unless DEMO_PUBLIC=true, and says
// why before it opens anything. The decision as a function, and a real start of main.ts.
// (No database: the start stops before it opens one; the file runs in both server projects.)
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { demoListenRefusal, isLoopbackHost } from "../src/lib/listen-guard";
import { testConfig } from "./helpers";

const demo = (env: Record<string, string>) =>
  testConfig({ NODE_ENV: "production", DEMO: "true", ...env });

describe("the demo's listening address", () => {
  it("loopback names and addresses are loopback; anything else is not", () => {
    for (const host of [
      "127.0.0.1",
      "127.0.0.2",
      "localhost",
      "::1",
      "[::1]",
      "::ffff:127.0.0.1",
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ["0.0.0.0", "::", "10.0.0.5", "192.168.1.2", "casino.example", "8.8.8.8"]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it("refuses a public HOST for the demo unless DEMO_PUBLIC=true, and names what is exposed", () => {
    for (const host of ["0.0.0.0", "::", "10.0.0.5"]) {
      const refusal = demoListenRefusal(demo({ HOST: host }));
      expect(refusal, host).toContain(`HOST=${host}`);
      expect(refusal).toContain("approves its own payments");
      expect(refusal).toContain("/dev/outbox");
      expect(refusal).toContain("root operator key");
      expect(refusal).toContain("DEMO_PUBLIC=true");
    }
    expect(demoListenRefusal(demo({ HOST: "127.0.0.1" }))).toBeNull();
    expect(demoListenRefusal(demo({ HOST: "0.0.0.0", DEMO_PUBLIC: "true" }))).toBeNull();
    // A real deployment (production without DEMO, no sandbox, no outbox) listens anywhere.
    expect(demoListenRefusal(testConfig({ NODE_ENV: "production", HOST: "0.0.0.0" }))).toBeNull();
    // Production with a sandbox switched on is the demo's risk too.
    expect(
      demoListenRefusal(
        testConfig({ NODE_ENV: "production", HOST: "0.0.0.0", SANDBOX_PAYMENTS: "true" }),
      ),
    ).toContain("approves its own payments");
    // Development (npm run dev) is not the demo.
    expect(demoListenRefusal(testConfig({ NODE_ENV: "development", HOST: "0.0.0.0" }))).toBeNull();
  });

  it("main.ts stops at start with the reason, before opening a database", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "casino-demo-listen-"));
    try {
      const started = spawnSync(
        process.execPath,
        ["--import", "tsx", path.join(repoRoot, "apps/server/src/main.ts")],
        {
          cwd: repoRoot,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: "production",
            DEMO: "true",
            HOST: "0.0.0.0",
            PORT: "0",
            DATA_DIR: dataDir,
          },
          encoding: "utf8",
          timeout: 60_000,
        },
      );
      expect(started.status, started.stderr).toBe(1);
      expect(started.stderr).toContain("Refusing to listen on HOST=0.0.0.0");
      expect(started.stderr).toContain("DEMO_PUBLIC=true");
      // Nothing was opened: no embedded database was created.
      expect(spawnSync("ls", [dataDir], { encoding: "utf8" }).stdout).not.toContain("pglite");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
