// Identity verification and documents in the browser (KY-01..KY-04): a player verifies through
// the sandbox provider's page embedded in /profile/verification, and uploads, lists and deletes a
// document on /profile/documents.
import { describe, expect, test } from "vitest";
import { screenshot } from "./support/browser";
import { hydrated, useSite } from "./support/fixture";
import {
  fundedPlayer,
  openWallet,
  selectMethod,
  signedInPlayer,
  WAIT,
  WALLET_ENV,
  waitForBalance,
} from "./support/wallet";

const site = useSite({
  ...WALLET_ENV,
  SANDBOX_VERIFICATION: "true",
  VERIFICATION_REQUIRED_ABOVE: "50",
});

/** A tiny PDF: documents are checked by extension and signature; made here, not committed. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

describe("identity verification and documents", () => {
  test("KY-04 the player starts verification, the embedded sandbox page approves, and the status turns verified", async () => {
    const { page } = await signedInPlayer(site);
    await page.goto("/profile/verification");
    await hydrated(page);
    const status = page.locator(".verification-status");
    await status.getByText("Not verified yet").waitFor(WAIT);

    const auth = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/player/services/sandbox/auth") &&
        response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Start verification" }).click();
    const answer = await auth;
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { token: string } };
    await status.getByText("Waiting for the decision").waitFor(WAIT);

    // The provider's page, embedded with an accessible name, opened with the token.
    const frameElement = page.getByTitle("Identity verification");
    await frameElement.waitFor(WAIT);
    expect(await frameElement.getAttribute("src")).toContain(data.token);
    const frame = page.frameLocator('iframe[title="Identity verification"]');
    await frame.getByRole("button", { name: "Approve identity" }).waitFor(WAIT);
    await screenshot(page, "verification-embedded");
    await frame.getByRole("button", { name: "Approve identity" }).click(WAIT);

    // The decision comes back by signed webhook; the page sees it without a reload.
    await status.getByText("Verified").waitFor(WAIT);
    await screenshot(page, "verification-verified");
    expect(await page.getByTitle("Identity verification").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Start verification" }).count()).toBe(0);
  });

  test("KY-01 KY-02 KY-03 the player uploads a document, sees it listed, and deletes it", async () => {
    const { page } = await signedInPlayer(site);
    await page.goto("/profile/documents");
    await hydrated(page);
    const list = page.getByRole("region", { name: "Your documents" });
    await list.getByText("You have not uploaded any documents yet.").waitFor(WAIT);

    const upload = page.getByRole("region", { name: "Upload a document" });
    // The client refuses a file type the server would refuse, before sending anything.
    await upload.getByLabel("Document type").selectOption("proofOfAddress");
    await upload
      .getByLabel("File")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await upload.getByRole("button", { name: "Upload" }).click();
    await upload.getByText("Upload a JPEG, PNG or PDF file.").waitFor(WAIT);

    await upload
      .getByLabel("File")
      .setInputFiles({ name: "utility-bill.pdf", mimeType: "application/pdf", buffer: PDF });
    const posted = page.waitForRequest(
      (request) => request.url().endsWith("/api/player/documents") && request.method() === "POST",
    );
    await upload.getByRole("button", { name: "Upload" }).click();
    const request = await posted;
    expect(request.headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    await upload.getByText("Your document has been uploaded.").waitFor(WAIT);

    const item = list.getByRole("listitem", { name: "utility-bill.pdf" });
    await item.waitFor(WAIT);
    await item.getByText("Proof of address").waitFor(WAIT);
    await item.getByText("Pending review").waitFor(WAIT);
    await screenshot(page, "documents-list");

    // The file comes with the bearer token, as a download.
    const download = page.waitForEvent("download", WAIT);
    await item.getByRole("button", { name: "Download utility-bill.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("utility-bill.pdf");

    const deleted = page.waitForRequest(
      (request) =>
        request.url().includes("/api/player/documents/") && request.method() === "DELETE",
    );
    await item.getByRole("button", { name: "Delete utility-bill.pdf" }).click();
    await deleted;
    await list.getByText("You have not uploaded any documents yet.").waitFor(WAIT);
  });

  test("KY-04 a withdrawal above VERIFICATION_REQUIRED_ABOVE from a player not verified shows the server's message on the amount field", async () => {
    const { page } = await fundedPlayer(site, "200");
    const dialog = await openWallet(page, "withdraw");
    await waitForBalance(dialog, "200.00 EUR");
    await selectMethod(dialog, "Bank transfer");
    const amount = dialog.locator("input[name=amount]");
    await amount.waitFor(WAIT);
    await amount.fill("100");
    await dialog.locator("input[name=iban]").fill("DE89370400440532013000");
    await dialog.locator("input[name=accountHolder]").fill("Ann Example");
    const answer = page.waitForResponse(
      (r) =>
        r.request().method() === "POST" &&
        new URL(r.url()).pathname === "/api/payment/invoices/withdrawal",
    );
    await dialog.getByRole("button", { name: "Withdraw" }).click();
    expect((await answer).status()).toBe(422);
    await dialog.getByText("Verify your identity to withdraw", { exact: false }).waitFor(WAIT);
    await waitForBalance(dialog, "200.00 EUR");
  });
});
