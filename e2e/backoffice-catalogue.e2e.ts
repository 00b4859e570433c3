// The back office's Games and Keys desks (/backoffice/games, /backoffice/keys): a catalogue
// manager makes a collection, fills it and orders its games, and edits a game; the site's public
// catalogue shows each change. An access key issues a named key shown once, which works until
// it is revoked, and issues and retires a game provider's wallet key.
import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { issueOperatorKey, newRootKey, openDesk, signInWithKey } from "./support/backoffice";
import { useSite } from "./support/fixture";

const ROOT = newRootKey();
const site = useSite({ OPERATOR_API_TOKEN: ROOT });
const WAIT = { timeout: 20_000 };

const issueKey = (name: string, scopes: string[]) => issueOperatorKey(site, ROOT, name, scopes);

/** A GET of the API as a visitor from `country` (the catalogue depends on it). */
async function publicGet<T>(path: string, country = "DE"): Promise<{ status: number; data: T }> {
  const response = await fetch(`${site.server.url}${path}`, {
    headers: { "x-test-country": country },
  });
  const body = (await response.json()) as { data: T };
  return { status: response.status, data: body.data };
}

/** An operator API call with a key. */
async function operatorGet<T>(token: string, path: string) {
  const response = await fetch(`${site.server.url}/api/operator${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as { data: T } };
}

describe("back office: catalogue and keys", () => {
  test("a games key creates a collection, adds two games, puts them in order and renames it; the site's catalogue follows", async () => {
    const { page } = await site.open();
    await signInWithKey(page, (await issueKey("Cleo, catalogue", ["games"])).token);
    await page.getByRole("heading", { level: 1, name: "Games" }).waitFor();

    const collections = page.getByRole("region", { name: "Collections" });
    const create = page.getByRole("form", { name: "New collection" });
    await create.getByLabel("Slug").fill("weekend-picks");
    await create.getByLabel("Name", { exact: true }).fill("Weekend picks");
    await create.getByLabel("Position (lower first)").fill("-5");
    await create.getByRole("button", { name: "Create collection" }).click();
    await create.getByRole("status").filter({ hasText: "Created Weekend picks" }).waitFor();
    await collections.getByRole("link", { name: "Weekend picks" }).click();
    await page.getByRole("heading", { level: 1, name: "Weekend picks" }).waitFor();
    await page.getByText("No games yet").waitFor();

    const games = page.getByRole("region", { name: "Games in this collection" });
    const find = page.getByRole("form", { name: "Find a game to add" });
    for (const title of ["Gold Rush", "Ocean Gems"]) {
      await find.getByLabel("Title, slug or code").fill(title);
      await find.getByRole("button", { name: "Find" }).click();
      await page.getByRole("button", { name: `Add ${title}` }).click();
      await games
        .getByRole("status")
        .filter({ hasText: `Added ${title} at the end.` })
        .waitFor();
    }
    const order = () => games.getByRole("rowheader").allTextContents();
    // The list loads again after each change: wait for it to show both.
    await expect.poll(order).toEqual(["Gold Rush", "Ocean Gems"]);
    await games.getByRole("button", { name: "Move Ocean Gems up" }).click();
    await games.getByRole("status").filter({ hasText: "Moved Ocean Gems up." }).waitFor();
    await expect.poll(order).toEqual(["Ocean Gems", "Gold Rush"]);
    expect(await games.getByRole("button", { name: "Move Ocean Gems up" }).isDisabled()).toBe(true);

    const edit = page.getByRole("form", { name: "Edit collection" });
    expect(await edit.getByLabel("Name").inputValue()).toBe("Weekend picks");
    await edit.getByLabel("Name").fill("Weekend favourites");
    await edit.getByRole("button", { name: "Save collection" }).click();
    await edit.getByRole("status").filter({ hasText: "Saved Weekend favourites." }).waitFor();
    await page.getByRole("heading", { level: 1, name: "Weekend favourites" }).waitFor();

    // The site: the collection first (position -5), under its new name, its games in order.
    const listed = async () => {
      const { data } = await publicGet<{ slug: string; name: string }[]>("/api/game/collections");
      return data[0];
    };
    await expect
      .poll(listed, WAIT)
      .toEqual(expect.objectContaining({ slug: "weekend-picks", name: "Weekend favourites" }));
    const inOrder = async () => {
      const { data } = await publicGet<{ title: string }[]>(
        "/api/game/games?collection=weekend-picks",
      );
      return data.map((game) => game.title);
    };
    await expect.poll(inOrder, WAIT).toEqual(["Ocean Gems", "Gold Rush"]);
  });

  test("a games key renames a game, tags it and keeps it from France; the site shows the new title and refuses it in France", async () => {
    const { page } = await site.open();
    await signInWithKey(page, (await issueKey("Gus, games", ["games"])).token);
    await page.getByLabel("Title, slug or code").fill("Pharaoh Spins");
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("link", { name: "Pharaoh Spins" }).click();
    await page.getByRole("heading", { level: 1, name: "Pharaoh Spins" }).waitFor();

    const edit = page.getByRole("form", { name: "Edit game" });
    expect(await edit.getByLabel("Title").inputValue()).toBe("Pharaoh Spins");
    await edit.getByLabel("Title").fill("Pharaoh Spins Gold");
    await edit.getByLabel("Tags").fill("egypt, classic");
    await edit.getByLabel("Restricted countries").fill("fr");
    await edit.getByRole("button", { name: "Save game" }).click();
    await edit.getByRole("status").filter({ hasText: "Saved Pharaoh Spins Gold." }).waitFor();
    await page.getByRole("heading", { level: 1, name: "Pharaoh Spins Gold" }).waitFor();

    // Opened afresh (a reload), the page finds the game and shows what was saved.
    await page.reload();
    const again = page.getByRole("form", { name: "Edit game" });
    await again.waitFor();
    expect(await again.getByLabel("Title").inputValue()).toBe("Pharaoh Spins Gold");
    expect(await again.getByLabel("Tags").inputValue()).toBe("egypt, classic");
    expect(await again.getByLabel("Restricted countries").inputValue()).toBe("FR");

    const slug = await page.locator("dt:text-is('Slug') + dd").textContent();
    const titleIn = async (country: string) => {
      const { status, data } = await publicGet<{ title: string; tags: string[] }>(
        `/api/game/games/${slug}`,
        country,
      );
      return status === 200 ? data.title : status;
    };
    await expect.poll(() => titleIn("DE"), WAIT).toBe("Pharaoh Spins Gold");
    expect(await titleIn("FR")).toBe(403);
  });

  test("an access key issues a named key shown once, which works until it is revoked, and issues and retires a provider's wallet key", async () => {
    const { page } = await site.open();
    // The Keys desk lists every provider by name; issuing a wallet key needs games too.
    await signInWithKey(
      page,
      (await issueKey("Ana, access", ["access", "messages", "games"])).token,
    );
    await openDesk(page, "Keys");
    await page.getByRole("heading", { level: 1, name: "Keys" }).waitFor();

    const issue = page.getByRole("form", { name: "Issue a key", exact: true });
    await issue.getByLabel("Name").fill("Rita, messages");
    await issue.getByRole("checkbox", { name: "messages" }).check();
    await issue.getByRole("button", { name: "Issue key" }).click();
    await issue.getByRole("status").filter({ hasText: "Issued Rita, messages." }).waitFor();
    await page.getByText("it is never shown again").waitFor();
    const token = await page.getByLabel("The key Rita, messages").inputValue();
    expect(token).toMatch(/^op_/);

    const me = await operatorGet<{ name: string; scopes: string[] }>(token, "/me");
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual(expect.objectContaining({ name: "Rita, messages" }));
    expect(me.body.data.scopes).toEqual(["messages"]);

    const keys = page.getByRole("region", { name: "Operator keys" });
    const row = keys.getByRole("row").filter({ hasText: "Rita, messages" });
    await row.getByRole("cell", { name: "messages", exact: true }).waitFor();
    await row.getByRole("button", { name: "Revoke Rita, messages" }).click();
    const confirm = page.getByRole("form", { name: "Confirm: revoke Rita, messages" });
    await confirm.getByText("It is refused from now on").waitFor();
    await confirm.getByRole("button", { name: "Yes, revoke" }).click();
    // Revoked keys leave the list unless asked for.
    await row.waitFor({ state: "detached" });
    expect((await operatorGet(token, "/me")).status).toBe(401);
    await keys.getByLabel("Show revoked and expired keys").check();
    await keys
      .getByRole("row")
      .filter({ hasText: "Rita, messages" })
      .getByRole("cell", { name: /^Revoked/ })
      .waitFor();

    // A wallet key for the sandbox slots studio: shown once; the API lists its fingerprint.
    const studio = page.getByRole("region", { name: "Sandbox Slots" });
    await studio.getByRole("button", { name: "Issue wallet key" }).click();
    await studio.getByRole("status").filter({ hasText: "hand it to the studio" }).waitFor();
    const secret = await studio.getByLabel("The new wallet key for Sandbox Slots").inputValue();
    const fingerprint = `sha256:${createHash("sha256").update(secret).digest("hex").slice(0, 16)}`;
    await studio.getByRole("rowheader", { name: fingerprint }).waitFor();
    const providers = await operatorGet<{ id: number; slug: string }[]>(ROOT, "/game-providers");
    const slots = providers.body.data.find((provider) => provider.slug === "sandbox-slots")!;
    const walletKeys = () =>
      operatorGet<{ fingerprint: string; retiredAt: string | null }[]>(
        ROOT,
        `/game-providers/${slots.id}/wallet-keys`,
      ).then(({ body }) => body.data.find((key) => key.fingerprint === fingerprint));
    expect(await walletKeys()).toEqual(expect.objectContaining({ retiredAt: null }));

    await studio.getByRole("button", { name: `Retire Sandbox Slots's key ${fingerprint}` }).click();
    await studio.getByRole("button", { name: "Yes, retire" }).click();
    await studio
      .getByRole("row")
      .filter({ hasText: fingerprint })
      .getByRole("cell", { name: /^Retired/ })
      .waitFor();
    expect((await walletKeys())?.retiredAt).not.toBeNull();
  });
});
