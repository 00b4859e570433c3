import { ContentPage, ContentPageList, ContentResponse } from "@casino/contract/content";
import { ErrorCode } from "@casino/contract/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, expectErrorBody, type TestApp } from "./helpers";

describe("content API (fixture folder test/fixtures/content)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (url: string) => {
    const response = await app.inject({ url });
    return { response, body: response.json() as unknown };
  };

  it("BE-43 a group in the default locale is its JSON object", async () => {
    const { response, body } = await get("/api/content/en/alerts");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const parsed = ContentResponse.parse(body);
    expect(parsed.locale).toBe("en");
    expect(parsed.path).toBe("alerts");
    expect(parsed.data).toMatchObject({
      somethingWrong: { title: "Something went wrong", description: "Please try again later." },
    });
  });

  it("BE-43 LC-05 a group merges the locale over the default locale key by key", async () => {
    const { body } = await get("/api/content/de/alerts");
    const parsed = ContentResponse.parse(body);
    expect(parsed.locale).toBe("de");
    expect(parsed.data).toEqual({
      // Translated title, English description where German has none.
      somethingWrong: { title: "Etwas ist schiefgelaufen", description: "Please try again later." },
      depositSuccess: {
        title: "Einzahlung erfolgreich",
        description: "{sum} wurde am {date} gutgeschrieben.",
      },
      newNotification: { title: "New notification", description: "{title}" },
    });
  });

  it("BE-43 a group missing in a locale comes whole from the default locale", async () => {
    const { response, body } = await get("/api/content/pt-br/layout");
    expect(response.statusCode).toBe(200);
    expect(ContentResponse.parse(body).data).toEqual({
      header: { signIn: "Sign in", signUp: "Sign up" },
      footer: { links: ["terms", "privacy"] },
    });
  });

  it("BE-43 a page is front matter plus Markdown rendered to HTML", async () => {
    const { response, body } = await get("/api/content/en/pages/static/terms");
    expect(response.statusCode).toBe(200);
    const page = ContentPage.parse(ContentResponse.parse(body).data);
    expect(page).toEqual({
      title: "Terms and Conditions",
      description: "The rules of the site.",
      image: "/images/terms.png",
      html: "<h1>Terms</h1>\n<p>Playing is for <strong>adults</strong> only.</p>\n",
    });
  });

  it("BE-43 a page in the locale wins; a missing one falls back to the default locale", async () => {
    const own = ContentResponse.parse((await get("/api/content/de/pages/static/terms")).body);
    expect(own.locale).toBe("de");
    expect(ContentPage.parse(own.data)).toMatchObject({
      title: "Allgemeine Geschäftsbedingungen",
      image: null,
    });
    const fallback = ContentResponse.parse(
      (await get("/api/content/de/pages/static/privacy")).body,
    );
    expect(fallback.locale).toBe("en");
    expect(ContentPage.parse(fallback.data).title).toBe("Privacy Policy");
  });

  it("BE-43 pages/{kind} lists identities and titles, with default-locale fallback", async () => {
    const questions = ContentResponse.parse((await get("/api/content/de/pages/questions")).body);
    expect(ContentPageList.parse(questions.data).pages).toEqual([
      {
        identity: "how-to-deposit",
        title: "How do I deposit?",
        description: "Deposits step by step.",
      },
      {
        identity: "verification",
        title: "Why verify my account?",
        description: "About identity checks.",
      },
    ]);
    const statics = ContentPageList.parse(
      ContentResponse.parse((await get("/api/content/de/pages/static")).body).data,
    );
    expect(statics.pages.map((page) => `${page.identity}:${page.title}`)).toEqual([
      "privacy:Privacy Policy",
      "terms:Allgemeine Geschäftsbedingungen",
    ]);
    const empty = ContentResponse.parse((await get("/api/content/en/pages/bonus")).body);
    expect(empty.data).toEqual({ pages: [] });
  });

  it.each([
    ["unknown locale", "/api/content/fr/alerts"],
    ["unknown group", "/api/content/en/nonsense"],
    ["group without files", "/api/content/en/modals"],
    ["unknown page", "/api/content/en/pages/static/nope"],
    ["unknown page kind", "/api/content/en/pages/blog/terms"],
    ["too deep", "/api/content/en/pages/static/terms/more"],
    ["pages alone", "/api/content/en/pages"],
  ])("BE-43 %s is a JSON 404 with code 14404, never HTML", async (_name, url) => {
    const { response, body } = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(expectErrorBody(body).error.code).toBe(ErrorCode.ContentNotFound);
  });

  it.each([
    ["encoded traversal", "/api/content/en/..%2F..%2Fpackage"],
    ["dot segment", "/api/content/en/pages/static/..%2E"],
    ["upper case", "/api/content/en/Alerts"],
    ["file extension", "/api/content/en/alerts.json"],
    ["bad locale", "/api/content/EN/alerts"],
    ["empty path", "/api/content/en/"],
  ])("BE-43 a malformed path (%s) is a JSON 4xx, never a file", async (_name, url) => {
    const { response, body } = await get(url);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectErrorBody(body);
  });

  it("content is re-read in development, so an edit shows at once", async () => {
    // NODE_ENV=test behaves like development: no file cache.
    const first = ContentResponse.parse((await get("/api/content/en/alerts")).body);
    const second = ContentResponse.parse((await get("/api/content/en/alerts")).body);
    expect(second).toEqual(first);
    expect((await get("/api/content/en/alerts")).response.headers["cache-control"]).toBe(
      "no-cache",
    );
  });
});
