import { describe, expect, it } from "vitest";
import { embeddableUrl } from "../verification/verification-api";
import { fileProblem, formatBytes } from "./document-rules";

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe("document upload rules in the browser (KY-02)", () => {
  it("KY-02 mirrors the server: JPEG, PNG or PDF by extension, not empty, within the size limit", () => {
    expect(fileProblem(undefined)).toBe("required");
    expect(fileProblem(file("scan.PDF", 10))).toBeNull();
    expect(fileProblem(file("photo.jpeg", 10))).toBeNull();
    expect(fileProblem(file("photo.png", 10))).toBeNull();
    expect(fileProblem(file("photo.gif", 10))).toBe("type");
    expect(fileProblem(file("noextension", 10))).toBe("type");
    expect(fileProblem(file("empty.pdf", 0))).toBe("empty");
    expect(fileProblem(file("big.pdf", 2049), 2048)).toBe("size");
    expect(fileProblem(file("fits.pdf", 2048), 2048)).toBeNull();
  });

  it("formats sizes", () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatBytes(1536)).toBe("2 KB");
    expect(formatBytes(12)).toBe("12 B");
  });
});

describe("the verification page's frame source (KY-04)", () => {
  it("KY-04 keeps the sandbox page same-origin by path and refuses other schemes", () => {
    const origin = "https://casino.example";
    expect(embeddableUrl("https://casino.example/sandbox/verification/vrf_1?embed=1", origin)).toBe(
      "/sandbox/verification/vrf_1?embed=1",
    );
    expect(embeddableUrl("http://localhost:3000/sandbox/verification/vrf_1?embed=1", origin)).toBe(
      "/sandbox/verification/vrf_1?embed=1",
    );
    expect(embeddableUrl("https://kyc.example/s/abc", origin)).toBe("https://kyc.example/s/abc");
    expect(embeddableUrl("javascript:alert(1)", origin)).toBeNull();
  });
});
