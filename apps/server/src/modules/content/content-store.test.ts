import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ContentStore, deepMerge, splitFrontMatter } from "./content-store";

describe("content store", () => {
  it("merges objects key by key; arrays and scalars of the locale replace the default's", () => {
    expect(
      deepMerge(
        { a: { b: 1, c: 2 }, list: [1, 2], keep: "x" },
        { a: { c: 3 }, list: [9], extra: true },
      ),
    ).toEqual({ a: { b: 1, c: 3 }, list: [9], keep: "x", extra: true });
  });

  it("splits YAML front matter from the Markdown body", () => {
    const { meta, body } = splitFrontMatter(
      "---\r\ntitle: 'A: B'\r\ndescription: Plain\r\n---\r\n# Hi\r\n",
    );
    expect(meta).toEqual({ title: "A: B", description: "Plain" });
    expect(body).toBe("# Hi\n");
    expect(splitFrontMatter("# No front matter").meta).toEqual({});
  });

  it("renders a page with defaults for missing front matter", () => {
    const store = new ContentStore("/nonexistent", false);
    expect(store.parsePage("Just *text*.", "about")).toEqual({
      title: "about",
      description: "",
      image: null,
      html: "<p>Just <em>text</em>.</p>\n",
    });
  });

  it("refuses path segments that could leave the folder", () => {
    const store = new ContentStore("/nonexistent", false);
    expect(() => store.readGroup("..", "alerts")).toThrow();
    expect(() => store.readPage("en", "static", "../../secrets")).toThrow();
  });

  it("answers null for a file that does not exist", async () => {
    const store = new ContentStore("/nonexistent", true);
    expect(await store.readGroup("en", "alerts")).toBeNull();
    expect(await store.listPages("en", "static")).toEqual([]);
  });

  it("re-reads files in development and keeps them parsed in production", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "casino-content-"));
    await mkdir(path.join(dir, "en", "pages", "static"), { recursive: true });
    const groupFile = path.join(dir, "en", "alerts.json");
    const pageFile = path.join(dir, "en", "pages", "static", "terms.md");
    await writeFile(groupFile, '{"a":"one"}');
    await writeFile(pageFile, "---\ntitle: One\n---\nBody");
    const development = new ContentStore(dir, false);
    const production = new ContentStore(dir, true);
    expect(await development.readGroup("en", "alerts")).toEqual({ a: "one" });
    expect(await production.readGroup("en", "alerts")).toEqual({ a: "one" });
    expect((await production.readPage("en", "static", "terms"))?.title).toBe("One");

    await writeFile(groupFile, '{"a":"two"}');
    await writeFile(pageFile, "---\ntitle: Two\n---\nBody");
    expect(await development.readGroup("en", "alerts")).toEqual({ a: "two" });
    expect((await development.readPage("en", "static", "terms"))?.title).toBe("Two");
    expect(await production.readGroup("en", "alerts")).toEqual({ a: "one" });
    expect((await production.readPage("en", "static", "terms"))?.title).toBe("One");
  });

  it("a broken group file is an error, not silently empty content", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "casino-content-"));
    await mkdir(path.join(dir, "en"));
    await writeFile(path.join(dir, "en", "modals.json"), "[1, 2]");
    await writeFile(path.join(dir, "en", "layout.json"), "{oops");
    const store = new ContentStore(dir, true);
    await expect(store.readGroup("en", "modals")).rejects.toThrow(/JSON object/);
    await expect(store.readGroup("en", "layout")).rejects.toThrow();
  });
});
