// Bonus packages as the operator's data (migration 0044): a package created through the API
// offers its steps one after another through the player API; switching it off offers none;
// once players started it its steps stay first and in order (409, 17002) while new ones may be
// added; 422 with error.fields for bad steps; replays, races and the audit trail. Runs on
// PGlite and PostgreSQL.
import { OperatorErrorCode } from "@casino/contract/operator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { expectErrorCode } from "./helpers";
import {
  fieldsOf,
  operatorCreated,
  operatorRequest,
  operatorTestApp,
  uniqueSlug,
} from "./operator-helpers";
import { eurPlayer, sandboxDeposit } from "./payment-helpers";
import type { PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp({ SANDBOX_PAYMENTS: "true" });
});
afterAll(async () => app?.close());

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
type Json = Record<string, any>;

const call = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: unknown) =>
  operatorRequest(app, method, url, payload);

/** A deposit bonus of `amount` EUR made through the operator API. */
const depositBonus = (amount: string, overrides: Json = {}) =>
  operatorCreated(app, "/api/operator/bonuses", {
    slug: uniqueSlug("step"),
    type: 1,
    kind: "deposit",
    name: `Step of ${amount}`,
    assignConditions: { amountItems: [{ currency: "EUR", amount }] },
    wagerMultiplier: "5",
    ...overrides,
  });

const newPackage = (steps: string[], overrides: Json = {}) =>
  operatorCreated(app, "/api/operator/bonus-packages", {
    slug: uniqueSlug("pack"),
    name: "Operator package",
    steps,
    ...overrides,
  });

const putSteps = (id: number, steps: string[]) =>
  call("PUT", `/api/operator/bonus-packages/${id}/steps`, { steps });

type Player = Awaited<ReturnType<typeof eurPlayer>>;

/** The ids of the deposit bonuses offered to the player now. */
async function offered(p: Player): Promise<number[]> {
  const response = await app.inject({
    url: "/api/game/bonuses?currency=EUR&amount=50",
    headers: p.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Json[]).map((bonus) => bonus.id);
}

async function issuedBonusIds(p: Player): Promise<number[]> {
  const response = await app.inject({ url: "/api/game/player-bonuses", headers: p.headers });
  return (response.json().data as Json[]).map((bonus) => bonus.bonusId);
}

describe("the operator's bonus packages", () => {
  it("lists the seeded welcome package with its three steps", async () => {
    const response = await call("GET", "/api/operator/bonus-packages");
    expect(response.statusCode, response.body).toBe(200);
    const welcome = (response.json().data as Json[]).find((item) => item.slug === "welcome");
    expect(welcome).toMatchObject({ name: "Welcome package", isEnabled: true, warnings: [] });
    expect(welcome!.steps.map((step: Json) => [step.position, step.slug])).toEqual([
      [1, "welcome-1"],
      [2, "welcome-2"],
      [3, "welcome-3"],
    ]);
  });

  it("BN-06 API-57 a package made through the API offers its steps one after another; switched off it offers none", async () => {
    const first = await depositBonus("5.00");
    const second = await depositBonus("7.00");
    const pack = await newPackage([first.slug, second.slug], { name: "Spring package" });
    expect(pack).toMatchObject({
      name: "Spring package",
      isEnabled: true,
      players: 0,
      steps: [
        { position: 1, bonusId: first.id, slug: first.slug, isEnabled: true },
        { position: 2, bonusId: second.id, slug: second.slug, isEnabled: true },
      ],
      updatedAt: app.clock.now().toISOString(),
    });
    const bonuses = (await call("GET", "/api/operator/bonuses")).json().data as Json[];
    expect(bonuses.find((bonus) => bonus.id === second.id)).toMatchObject({
      packageId: pack.id,
      packagePosition: 2,
    });

    // The player sees step 1 with the package's steps, not step 2.
    const p = await eurPlayer(app);
    const offer = await app.inject({
      url: "/api/game/bonuses?currency=EUR&amount=50",
      headers: p.headers,
    });
    const step1 = (offer.json().data as Json[]).find((bonus) => bonus.id === first.id);
    expect(step1?.package).toMatchObject({
      id: pack.id,
      name: "Spring package",
      packageItems: [
        expect.objectContaining({ position: 1 }),
        expect.objectContaining({ position: 2 }),
      ],
    });
    expect(await offered(p)).not.toContain(second.id);

    // Step 1 with a deposit; then step 2 is offered.
    await sandboxDeposit(app, p, "50.00", { bonusId: String(first.id) });
    expect(await issuedBonusIds(p)).toContain(first.id);
    expect(await offered(p)).toEqual(expect.arrayContaining([second.id]));
    expect(await offered(p)).not.toContain(first.id);
    const read = async () =>
      ((await call("GET", "/api/operator/bonus-packages")).json().data as Json[]).find(
        (item) => item.id === pack.id,
      )!;
    expect((await read()).players).toBe(1);

    // Switched off: neither step is offered, to a new player or to one half way.
    const off = await call("PATCH", `/api/operator/bonus-packages/${pack.id}`, {
      isEnabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ isEnabled: false, name: "Spring package" });
    const q = await eurPlayer(app);
    expect(await offered(q)).not.toContain(first.id);
    expect(await offered(p)).not.toContain(second.id);
    // A deposit naming a step of it gets no bonus.
    await sandboxDeposit(app, p, "50.00", { bonusId: String(second.id) });
    expect(await issuedBonusIds(p)).not.toContain(second.id);

    const on = await call("PATCH", `/api/operator/bonus-packages/${pack.id}`, { isEnabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(await offered(q)).toContain(first.id);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("once a player started a package its steps stay first and in order (409, 17002); new steps go after them", async () => {
    const [a, b, c] = [
      await depositBonus("3.00"),
      await depositBonus("4.00"),
      await depositBonus("6.00"),
    ];
    const pack = await newPackage([a!.slug, b!.slug]);
    // Nobody started it: any change goes.
    const swapped = await putSteps(pack.id, [b!.slug, a!.slug]);
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().data.steps.map((step: Json) => step.slug)).toEqual([b!.slug, a!.slug]);
    expect((await putSteps(pack.id, [a!.slug, b!.slug])).statusCode).toBe(200);

    const p = await eurPlayer(app);
    await sandboxDeposit(app, p, "50.00", { bonusId: String(a!.id) });
    expect(await issuedBonusIds(p)).toContain(a!.id);

    for (const steps of [[b!.slug, a!.slug], [a!.slug], [a!.slug, c!.slug, b!.slug], []]) {
      expectErrorCode(await putSteps(pack.id, steps), 409, OperatorErrorCode.PackageStarted);
    }
    const added = await putSteps(pack.id, [a!.slug, b!.slug, c!.slug]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.steps.map((step: Json) => [step.position, step.slug])).toEqual([
      [1, a!.slug],
      [2, b!.slug],
      [3, c!.slug],
    ]);
    expect(await offered(p)).toContain(b!.id);
    expect(await offered(p)).not.toContain(c!.id);

    const audit = await app.testDb.query<{ kind: string; action: string }>(
      `SELECT kind, action FROM operator_changes
        WHERE kind LIKE 'bonus-package%' AND entity_id = $1 ORDER BY id`,
      [String(pack.id)],
    );
    expect(audit.map((row) => `${row.kind} ${row.action}`)).toEqual([
      "bonus-package create",
      "bonus-package-steps put",
      "bonus-package-steps put",
      "bonus-package-steps put",
    ]);
  });

  it("warns when a step is switched off: the steps after it cannot be reached", async () => {
    const [a, b] = [await depositBonus("2.00"), await depositBonus("2.50")];
    const pack = await newPackage([a!.slug, b!.slug]);
    expect(pack.warnings).toEqual([]);
    await call("PATCH", `/api/operator/bonuses/${a!.id}`, { isEnabled: false });
    const read = ((await call("GET", "/api/operator/bonus-packages")).json().data as Json[]).find(
      (item) => item.id === pack.id,
    )!;
    expect(read.steps[0]).toMatchObject({ slug: a!.slug, isEnabled: false });
    expect(read.warnings).toEqual([expect.stringContaining("steps.0")]);
  });
});

describe("bad input, replays and races", () => {
  it("422 with error.fields for unknown, repeated, non-deposit and taken steps; a step stays a deposit bonus; 404s", async () => {
    const step = await depositBonus("1.00");
    const other = await depositBonus("1.50");
    const code = await depositBonus("2.00", { kind: "code" });
    const pack = await newPackage([other.slug]);

    const bad = await call("POST", "/api/operator/bonus-packages", {
      slug: pack.slug,
      name: "Again",
      steps: [step.slug, "no-such-bonus", step.slug, code.slug, other.slug],
    });
    expect(fieldsOf(bad)).toEqual({
      slug: ["Already taken"],
      "steps.1": ["Unknown bonus"],
      "steps.2": ["Listed twice"],
      "steps.3": ["Only a deposit bonus can be a step"],
      "steps.4": [`Already a step of the package ${pack.slug}`],
    });
    // The same checks for a package's new steps.
    const badPut = await putSteps(pack.id, [other.slug, code.slug]);
    expect(fieldsOf(badPut)).toEqual({ "steps.1": ["Only a deposit bonus can be a step"] });
    const shape = await call("POST", "/api/operator/bonus-packages", {
      slug: "Not A Slug",
      name: "",
      steps: "welcome-1",
    });
    expect(Object.keys(fieldsOf(shape)).sort()).toEqual(["name", "slug", "steps"]);

    // A step's kind stays deposit while it is a step.
    const recast = await call("PATCH", `/api/operator/bonuses/${other.id}`, { kind: "code" });
    expect(fieldsOf(recast)).toHaveProperty("kind");
    // Out of the package, it may change.
    expect((await putSteps(pack.id, [])).statusCode).toBe(200);
    const freed = await call("PATCH", `/api/operator/bonuses/${other.id}`, { kind: "code" });
    expect(freed.statusCode, freed.body).toBe(200);

    expectErrorCode(await putSteps(999999, []), 404, 404);
    expectErrorCode(
      await call("PATCH", "/api/operator/bonus-packages/999999", { name: "x" }),
      404,
      404,
    );
  });

  it("a replay by key answers the first package (200); two packages taking one bonus at once: one gets it", async () => {
    const body = { key: uniqueSlug("pack-key"), slug: uniqueSlug("pack"), name: "Keyed" };
    const first = await call("POST", "/api/operator/bonus-packages", body);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await call("POST", "/api/operator/bonus-packages", body);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data.id).toBe(first.json().data.id);

    const bonus = await depositBonus("1.25");
    const [left, right] = [await newPackage([]), await newPackage([])];
    const answers = await Promise.all([
      putSteps(left.id, [bonus.slug]),
      putSteps(right.id, [bonus.slug]),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const holders = await app.testDb.query<{ package_id: number }>(
      "SELECT package_id FROM bonuses WHERE id = $1",
      [bonus.id],
    );
    const winner = answers[0]!.statusCode === 200 ? left : right;
    expect(Number(holders[0]!.package_id)).toBe(winner.id);
  });
});
