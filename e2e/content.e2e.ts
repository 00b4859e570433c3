import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";
import { repoRoot } from "./support/server";

// A copy of the content in which the German contact page lacks its intro (the real content is
// complete in every locale, content-keys.test.ts): LC-06's fallback needs a missing key.
const contentDir = mkdtempSync(join(tmpdir(), "casino-content-"));
cpSync(join(repoRoot, "content"), contentDir, { recursive: true });
const deFile = join(contentDir, "de", "global-components.json");
const deGlobals = JSON.parse(readFileSync(deFile, "utf8"));
delete deGlobals.pages.contact.intro;
writeFileSync(deFile, JSON.stringify(deGlobals));
const OPERATOR_TOKEN = randomBytes(24).toString("hex");
const site = useSite({ CONTENT_DIR: contentDir, OPERATOR_API_TOKEN: OPERATOR_TOKEN });

/** An operator API call with the root key; expects a 2xx answer. */
async function operator(method: "POST" | "PUT" | "PATCH", path: string, body: unknown) {
  const response = await fetch(`${site.server.url}/api/operator/${path}`, {
    method,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

function group(
  locale: string,
  name: string,
): Record<string, Record<string, Record<string, string>>> {
  return JSON.parse(readFileSync(join(contentDir, locale, `${name}.json`), "utf8"));
}

describe("site content per locale", () => {
  test("LC-05 LC-06 LC-07 a /de page shows German texts and falls back to English per missing key", async () => {
    const en = group("en", "global-components").pages?.contact;
    const de = group("de", "global-components").pages?.contact;
    // The fixture content: the German contact page has its own title but no intro text.
    expect(de?.title).toBeTruthy();
    expect(de?.intro).toBeUndefined();
    const { page } = await site.open();
    await page.goto("/de/contact");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: de?.title }).waitFor();
    await page.getByText(en?.intro ?? "").waitFor();
  });

  test("LC-04 the locales come from the settings API with one default", async () => {
    const res = await fetch(`${site.server.url}/api/settings/locales`);
    const { data } = (await res.json()) as { data: { code: string; isDefault: boolean }[] };
    expect(data.filter((l) => l.isDefault).map((l) => l.code)).toEqual(["en"]);
    const { page } = await site.open();
    await page.goto("/");
    const alternates = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) =>
        l.getAttribute("hreflang"),
      ),
    );
    for (const { code } of data) expect(alternates).toContain(code);
  });

  test("BE-43 an operator's edits through the API show on the site at the next page load, without a deploy", async () => {
    await operator("PATCH", "content/de/groups/global-components", {
      set: { "pages.contact.title": "Schreib uns" },
    });
    await operator("PUT", "content/en/pages/static/bonus-rules", {
      title: "Bonus rules",
      markdown:
        'Every bonus is wagered **35 times**.\n\n<script>window.pwned = true</script>\n\n<img src="/nothing.png" onerror="window.pwned = true">',
    });
    const { page } = await site.open();
    await page.goto("/de/contact");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Schreib uns" }).waitFor();
    await page.goto("/static/bonus-rules");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Bonus rules" }).waitFor();
    await page.getByText("Every bonus is wagered").waitFor();
    expect(await page.evaluate(() => "pwned" in window)).toBe(false);
  });

  test("LC-04 a language added through the operator API is offered and shows its texts, the default's filling the gaps", async () => {
    const en = group("en", "global-components").pages?.contact;
    await operator("POST", "locales", { code: "es", name: "Español" });
    await operator("PATCH", "content/es/groups/global-components", {
      set: { "pages.contact.title": "Escríbenos" },
    });
    await operator("PATCH", "locales/es", { isEnabled: true });
    const { page } = await site.open();
    await page.goto("/es/contact");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Escríbenos" }).waitFor();
    await page.getByText(en?.intro ?? "").waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await page.goto("/contact");
    await hydrated(page);
    await page
      .getByRole("button", { name: /Language/ })
      .first()
      .click();
    await page
      .getByRole("link", { name: /Español/ })
      .first()
      .waitFor();
  });
});
