// Site content as data (migration 0048; modules/content/operator-content.ts): the operator's
// edits of a locale's groups, laid over the content folder key by key, and pages written over
// the folder's or added, unpublished or deleted. Players read them through GET /api/content
// (BE-43) at once on the server that wrote them and within EDITS_MAX_AGE_MS on the others.
// Writes are audited, versioned (409 on a stale version) and queue behind each other, so
// concurrent edits lose nothing. Runs on PGlite and PostgreSQL.
import { OperatorErrorCode } from "@casino/contract/operator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITS_MAX_AGE_MS } from "../src/modules/content/site-content";
import { buildTestApp, expectErrorCode } from "./helpers";
import {
  fieldsOf,
  type Json,
  OPERATOR_TEST_ENV,
  OPERATOR_TEST_TOKEN,
  operatorRequest,
  operatorTestApp,
} from "./operator-helpers";
import type { PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp();
});
afterAll(async () => app?.close());

const groupUrl = (locale: string, group: string) =>
  `/api/operator/content/${locale}/groups/${group}`;
const pageUrl = (locale: string, kind: string, identity: string) =>
  `/api/operator/content/${locale}/pages/${kind}/${identity}`;

/** What a player's browser is answered for a content path (status and data). */
async function played(path: string, server: { inject: PlayerTestApp["inject"] } = app) {
  const response = await server.inject({ method: "GET", url: `/api/content/${path}` });
  return { status: response.statusCode, data: response.json().data as Json };
}

async function ok(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
  status = 200,
): Promise<Json> {
  const response = await operatorRequest(app, method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return status === 204 ? {} : response.json().data;
}

describe("operator content: groups", () => {
  it("BE-43: a PATCH of one text shows to players of that locale at once; the others keep the folder's, and unset brings it back", async () => {
    const before = await ok("GET", groupUrl("en", "alerts"));
    expect(before).toMatchObject({ locale: "en", group: "alerts", edits: {}, version: 0 });
    expect(before.file.depositSuccess.title).toBe("Deposit successful");
    expect(before.effective).toEqual(before.file);

    const patched = await ok("PATCH", groupUrl("en", "alerts"), {
      set: { "depositSuccess.title": "Deposit received", "newsFlash.title": "Big news" },
    });
    expect(patched.version).toBe(1);
    expect(patched.edits).toEqual({
      depositSuccess: { title: "Deposit received" },
      newsFlash: { title: "Big news" },
    });

    const en = await played("en/alerts");
    expect(en.data.depositSuccess).toEqual({
      ...before.file.depositSuccess,
      title: "Deposit received",
    });
    expect(en.data.newsFlash).toEqual({ title: "Big news" });
    expect(en.data.somethingWrong).toEqual(before.file.somethingWrong);
    // German players keep their own translation; the new key falls back to the default locale's.
    const de = await played("de/alerts");
    expect(de.data.depositSuccess.title).toBe("Einzahlung erfolgreich");
    expect(de.data.newsFlash).toEqual({ title: "Big news" });

    const reverted = await ok("PATCH", groupUrl("en", "alerts"), {
      unset: ["depositSuccess.title", "newsFlash"],
    });
    expect(reverted).toMatchObject({ edits: {}, version: 2 });
    expect((await played("en/alerts")).data).toEqual(before.file);
  });

  it("PUT replaces the edits whole; with a stale version it is a 409 (17003) and changes nothing", async () => {
    const first = await ok("PUT", groupUrl("en", "modals"), {
      edits: { login: { title: "Welcome back" } },
      version: 0,
    });
    expect(first.version).toBe(1);
    const stale = await operatorRequest(app, "PUT", groupUrl("en", "modals"), {
      edits: { login: { title: "Lost update" } },
      version: 0,
    });
    expectErrorCode(stale, 409, OperatorErrorCode.StaleVersion);
    expect((await played("en/modals")).data.login.title).toBe("Welcome back");

    const cleared = await ok("PUT", groupUrl("en", "modals"), { edits: {}, version: 1 });
    expect(cleared).toMatchObject({ edits: {}, version: 2 });
    expect((await played("en/modals")).data).toEqual(cleared.file);
  });

  it("concurrent edits lose nothing: 6 PATCHes of different keys all apply; of 4 PUTs on one version, one wins", async () => {
    const keys = Array.from({ length: 6 }, (_, index) => `race${index}`);
    const patches = await Promise.all(
      keys.map((key) =>
        operatorRequest(app, "PATCH", groupUrl("en", "layout"), {
          set: { [`${key}.label`]: key },
        }),
      ),
    );
    expect(patches.map((response) => response.statusCode)).toEqual(keys.map(() => 200));
    const after = await ok("GET", groupUrl("en", "layout"));
    expect(after.version).toBe(6);
    for (const key of keys) expect(after.edits[key]).toEqual({ label: key });

    const puts = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        operatorRequest(app, "PUT", groupUrl("en", "layout"), {
          edits: { winner: n },
          version: 6,
        }),
      ),
    );
    const statuses = puts.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = puts.find((response) => response.statusCode === 200)!.json().data;
    expect((await ok("GET", groupUrl("en", "layout"))).edits).toEqual(winner.edits);
    await ok("PUT", groupUrl("en", "layout"), { edits: {} });
  });

  it("bad edits are a 422 with every problem by field, never a 500, and nothing is written", async () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: { h: { i: "too deep" } } } } } } } } };
    const put = await operatorRequest(app, "PUT", groupUrl("en", "fields-settings"), {
      edits: { "bad key": "x", ok: "y".repeat(20_001), deep, list: Array(501).fill("z") },
    });
    expect(fieldsOf(put)).toEqual({
      "edits.bad key": [expect.stringMatching(/key/)],
      "edits.ok": [expect.stringMatching(/20000/)],
      "edits.deep.a.b.c.d.e.f.g.h": [expect.stringMatching(/deeper/)],
      "edits.list": [expect.stringMatching(/500/)],
    });

    await ok("PATCH", groupUrl("en", "fields-settings"), { set: { "note.text": "kept" } });
    const through = await operatorRequest(app, "PATCH", groupUrl("en", "fields-settings"), {
      set: { "note.text.more": "x" },
    });
    expect(fieldsOf(through)).toEqual({ "set.note.text.more": [expect.any(String)] });
    const proto = await operatorRequest(app, "PATCH", groupUrl("en", "fields-settings"), {
      set: { "constructor.polluted": "x" },
    });
    expect(Object.keys(fieldsOf(proto))).toEqual(["set.constructor.polluted"]);
    const empty = await operatorRequest(app, "PATCH", groupUrl("en", "fields-settings"), {});
    expect(empty.statusCode).toBe(422);
    const tooBig = await operatorRequest(app, "PUT", groupUrl("en", "fields-settings"), {
      edits: Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [`k${i}`, "x".repeat(15_000)]),
      ),
    });
    expect(fieldsOf(tooBig)).toEqual({ edits: [expect.stringMatching(/KiB/)] });

    const unknownGroup = await operatorRequest(app, "GET", groupUrl("en", "secrets"));
    expect(unknownGroup.statusCode).toBe(422);
    const unknownLocale = await operatorRequest(app, "GET", groupUrl("xx", "alerts"));
    expect(unknownLocale.statusCode).toBe(404);
    const current = await ok("GET", groupUrl("en", "fields-settings"));
    expect(current).toMatchObject({ edits: { note: { text: "kept" } }, version: 1 });
  });
});

describe("operator content: pages", () => {
  it("BE-43: a new page is listed and served; a new version replaces it; the audit trail has each write", async () => {
    const created = await ok(
      "PUT",
      pageUrl("en", "static", "bonus-terms"),
      {
        title: "Bonus terms",
        description: "How bonuses work",
        markdown: "# Bonus terms\n\nWager **35x**.",
        version: 0,
      },
      201,
    );
    expect(created).toMatchObject({
      identity: "bonus-terms",
      edit: { title: "Bonus terms", published: true, version: 1 },
      file: null,
      effective: {
        title: "Bonus terms",
        html: "<h1>Bonus terms</h1>\n<p>Wager <strong>35x</strong>.</p>\n",
      },
    });
    const page = await played("en/pages/static/bonus-terms");
    expect(page).toEqual({ status: 200, data: created.effective });
    const list = await played("en/pages/static");
    expect(list.data.pages).toContainEqual({
      identity: "bonus-terms",
      title: "Bonus terms",
      description: "How bonuses work",
    });
    // Other locales fall back to the default locale's page, as for a folder page.
    expect((await played("de/pages/static/bonus-terms")).data.title).toBe("Bonus terms");

    const second = await ok("PUT", pageUrl("en", "static", "bonus-terms"), {
      title: "Bonus terms",
      markdown: "Wager 30x.",
      version: 1,
    });
    expect(second.edit.version).toBe(2);
    expect((await played("en/pages/static/bonus-terms")).data.html).toBe("<p>Wager 30x.</p>\n");
    const stale = await operatorRequest(app, "PUT", pageUrl("en", "static", "bonus-terms"), {
      title: "Old",
      markdown: "x",
      version: 1,
    });
    expectErrorCode(stale, 409, OperatorErrorCode.StaleVersion);

    const changes = await ok(
      "GET",
      "/api/operator/changes?kind=content-page&entityId=en/static/bonus-terms",
    );
    expect(changes.map((change: Json) => [change.action, change.actor])).toEqual([
      ["put", "root"],
      ["put", "root"],
    ]);
  });

  it("a page written over the folder's replaces it; unpublished, it hides it; deleted, the folder's is back", async () => {
    const folder = await played("en/pages/static/terms");
    expect(folder.status).toBe(200);
    const listed = await ok("GET", "/api/operator/content/en/pages/static");
    expect(listed).toContainEqual(
      expect.objectContaining({ identity: "terms", source: "file", version: 0 }),
    );

    await ok(
      "PUT",
      pageUrl("en", "static", "terms"),
      { title: "New terms", markdown: "Changed." },
      201,
    );
    expect((await played("en/pages/static/terms")).data.title).toBe("New terms");
    const view = await ok("GET", pageUrl("en", "static", "terms"));
    expect(view.file.title).toBe(folder.data.title);
    expect(view.file.markdown).toContain(" ");

    await ok("PUT", pageUrl("en", "static", "terms"), {
      title: "New terms",
      markdown: "Changed.",
      published: false,
    });
    expect((await played("en/pages/static/terms")).status).toBe(404);
    const list = await played("en/pages/static");
    expect(list.data.pages.map((p: Json) => p.identity)).not.toContain("terms");
    expect(await ok("GET", "/api/operator/content/en/pages/static")).toContainEqual(
      expect.objectContaining({ identity: "terms", source: "both", published: false }),
    );
    // German players have their own terms page, which stays.
    expect((await played("de/pages/static/terms")).status).toBe(200);

    await ok("DELETE", pageUrl("en", "static", "terms"), undefined, 204);
    expect(await played("en/pages/static/terms")).toEqual(folder);
    const again = await operatorRequest(app, "DELETE", pageUrl("en", "static", "terms"));
    expect(again.statusCode).toBe(404);
  });

  it("HTML in a page is cleaned: no scripts, event handlers or javascript: links reach players", async () => {
    const markdown = [
      "Hello <script>alert(1)</script>",
      '<img src="https://cdn.example.com/a.png" onerror="alert(2)" alt="A">',
      "[click](javascript:alert(3)) [ok](https://example.com) [home](/en/promotions)",
      '<a href="https://example.com" target="_blank">tab</a>',
      '<iframe src="https://evil.example"></iframe><div style="position:fixed">x</div>',
    ].join("\n\n");
    await ok("PUT", pageUrl("en", "slug", "clean-me"), { title: "Clean", markdown }, 201);
    const { html } = (await played("en/pages/slug/clean-me")).data;
    expect(html).not.toMatch(/script|onerror|javascript:|iframe|style=/i);
    expect(html).toContain('<img src="https://cdn.example.com/a.png" alt="A" />');
    expect(html).toContain('<a href="https://example.com">ok</a>');
    expect(html).toContain('<a href="/en/promotions">home</a>');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">tab</a>',
    );
  });

  it("bad pages are a 422 by field; unknown kinds, identities and locales are refused", async () => {
    const bad = await operatorRequest(app, "PUT", pageUrl("en", "static", "x"), {
      title: " ",
      markdown: "x".repeat(200_001),
      image: "javascript:alert(1)",
    });
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(["image", "markdown", "title"]);
    expect(
      (
        await operatorRequest(app, "PUT", pageUrl("en", "secret", "x"), {
          title: "x",
          markdown: "",
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await operatorRequest(app, "PUT", pageUrl("en", "static", "Bad.Name"), {
          title: "x",
          markdown: "",
        })
      ).statusCode,
    ).toBe(422);
    const locale = await operatorRequest(app, "PUT", pageUrl("xx", "static", "x"), {
      title: "x",
      markdown: "",
    });
    expect(locale.statusCode).toBe(404);
    expect(
      (await operatorRequest(app, "GET", pageUrl("en", "static", "nothing-here"))).statusCode,
    ).toBe(404);
  });
});

describe("operator content: servers and keys", () => {
  it("another server on the same database serves an edit within EDITS_MAX_AGE_MS", async () => {
    const other = (await buildTestApp(app.testDb, OPERATOR_TEST_ENV, {
      config: app.testConfig,
      now: app.clock.now,
    })) as PlayerTestApp;
    try {
      expect((await played("en/pages/questions/verification", other)).status).toBe(200);
      await ok(
        "PUT",
        pageUrl("en", "questions", "verification"),
        {
          title: "Verification",
          markdown: "Gone for now.",
          published: false,
        },
        201,
      );
      app.clock.advance(EDITS_MAX_AGE_MS / 1000);
      expect((await played("en/pages/questions/verification", other)).status).toBe(404);
      // And the write made there shows here at once (this server's reads check again).
      const response = await other.inject({
        method: "PATCH",
        url: groupUrl("en", "global-components"),
        headers: { authorization: `Bearer ${OPERATOR_TEST_TOKEN}` },
        payload: { set: { "error.title": "Oops" } },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await played("en/global-components", other)).data.error.title).toBe("Oops");
      app.clock.advance(EDITS_MAX_AGE_MS / 1000);
      expect((await played("en/global-components")).data.error.title).toBe("Oops");
    } finally {
      await other.close();
    }
  });

  it("only keys with the content scope edit content, and the audit trail names the key", async () => {
    const issue = async (name: string, scopes: string[]) => {
      const response = await operatorRequest(app, "POST", "/api/operator/api-keys", {
        name,
        scopes,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as Json;
    };
    const games = await issue("Games desk", ["games"]);
    const writer = await issue("Copywriter", ["content"]);
    const call = (token: string) =>
      app.inject({
        method: "PATCH",
        url: groupUrl("de", "alerts"),
        headers: { authorization: `Bearer ${token}` },
        payload: { set: { "somethingWrong.title": "Da ging etwas schief" } },
      });
    expectErrorCode(await call(games.token), 403, 403);
    expect((await call(writer.token)).statusCode).toBe(200);
    const changes = await ok("GET", "/api/operator/changes?kind=content-group&entityId=de/alerts");
    expect(changes[0]).toMatchObject({
      action: "update",
      actor: "Copywriter",
      actorKeyId: writer.id,
    });
  });
});

describe("operator locales", () => {
  const settingsLocales = async () => {
    const response = await app.inject({ url: "/api/settings/locales" });
    return response.json().data as Json[];
  };

  it("a new locale is off until switched on, can be translated meanwhile, and falls back to the default's texts", async () => {
    const created = await ok("POST", "/api/operator/locales", { code: "es", name: "Español" }, 201);
    expect(created).toMatchObject({
      code: "es",
      isEnabled: false,
      isDefault: false,
      hasFolder: false,
    });
    expect((await settingsLocales()).map((l) => l.code)).not.toContain("es");
    expect((await played("es/alerts")).status).toBe(404);

    await ok("PATCH", groupUrl("es", "alerts"), {
      set: { "somethingWrong.title": "Algo salió mal" },
    });
    await ok("PATCH", "/api/operator/locales/es", { isEnabled: true, position: 5 });
    expect(await settingsLocales()).toContainEqual({
      code: "es",
      name: "Español",
      isDefault: false,
    });
    const es = await played("es/alerts");
    expect(es.data.somethingWrong.title).toBe("Algo salió mal");
    expect(es.data.depositSuccess.title).toBe("Deposit successful");

    const taken = await operatorRequest(app, "POST", "/api/operator/locales", {
      code: "es",
      name: "Again",
    });
    expect(fieldsOf(taken)).toEqual({ code: ["Already taken"] });
    const bad = await operatorRequest(app, "POST", "/api/operator/locales", {
      code: "ES",
      name: "",
    });
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(["code", "name"]);
    expect(
      (await operatorRequest(app, "PATCH", "/api/operator/locales/xx", { name: "X" })).statusCode,
    ).toBe(404);
  });

  it("the default moves as a whole, stays switched on, and 4 concurrent moves leave exactly one default", async () => {
    await ok("PATCH", "/api/operator/locales/de", { isDefault: true });
    expect((await settingsLocales()).filter((l) => l.isDefault).map((l) => l.code)).toEqual(["de"]);
    const off = await operatorRequest(app, "PATCH", "/api/operator/locales/de", {
      isEnabled: false,
    });
    expect(Object.keys(fieldsOf(off))).toEqual(["isEnabled"]);
    await ok("PATCH", "/api/operator/locales/pt-br", { isEnabled: false });
    const onOff = await operatorRequest(app, "PATCH", "/api/operator/locales/pt-br", {
      isDefault: true,
    });
    expect(Object.keys(fieldsOf(onOff))).toEqual(["isDefault"]);
    await ok("PATCH", "/api/operator/locales/pt-br", { isEnabled: true });

    const moves = await Promise.all(
      ["en", "pt-br", "es", "en"].map((code) =>
        operatorRequest(app, "PATCH", `/api/operator/locales/${code}`, { isDefault: true }),
      ),
    );
    expect(moves.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const all = await ok("GET", "/api/operator/locales");
    expect(all.filter((l: Json) => l.isDefault)).toHaveLength(1);
    await ok("PATCH", "/api/operator/locales/en", { isDefault: true });
    expect((await settingsLocales()).filter((l) => l.isDefault).map((l) => l.code)).toEqual(["en"]);
    const changes = await ok("GET", "/api/operator/changes?kind=locale&entityId=en");
    expect(changes[0]).toMatchObject({ action: "update", changes: { isDefault: true } });
  });
});
