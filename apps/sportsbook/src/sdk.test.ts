// The SDK script (public/sdk.js) as the site runs it: loaded as a classic script into a page
// (here a small stand-in for the DOM), then window.SportsbookSDK.init(options).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";

const source = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), "../public/sdk.js"),
  "utf8",
);

interface FakeFrame {
  title: string;
  src: string;
  style: Record<string, string>;
  parentNode: FakeContainer | null;
  contentWindow: { postMessage: ReturnType<typeof vi.fn> };
  setAttribute: (name: string, value: string) => void;
}
interface FakeContainer {
  children: FakeFrame[];
  appendChild: (child: FakeFrame) => void;
  removeChild: (child: FakeFrame) => void;
}
type Handler = (event: { origin: string; source: unknown; data: unknown }) => void;
interface Sdk {
  init: (options: Record<string, unknown>) => {
    routeChange: (path: string) => void;
    destroy: () => void;
  };
}

function page() {
  const container: FakeContainer = {
    children: [],
    appendChild(child) {
      child.parentNode = container;
      container.children.push(child);
    },
    removeChild(child) {
      child.parentNode = null;
      container.children = container.children.filter((c) => c !== child);
    },
  };
  const handlers = new Set<Handler>();
  const window = {
    location: { href: "https://site.example/betting", origin: "https://site.example" },
    addEventListener: (type: string, h: Handler) => type === "message" && handlers.add(h),
    removeEventListener: (type: string, h: Handler) => type === "message" && handlers.delete(h),
    SportsbookSDK: undefined as Sdk | undefined,
  };
  const document = {
    getElementById: (id: string) => (id === "sportsbook" ? container : null),
    createElement: (tag: string): FakeFrame => {
      expect(tag).toBe("iframe");
      return {
        title: "",
        src: "",
        style: {},
        parentNode: null,
        contentWindow: { postMessage: vi.fn() },
        setAttribute: () => {},
      };
    },
  };
  runInNewContext(source, { window, document, URL, URLSearchParams, setTimeout });
  const sdk = window.SportsbookSDK!;
  const dispatch = (event: { origin: string; source: unknown; data: unknown }) => {
    for (const h of [...handlers]) h(event);
  };
  return { sdk, container, handlers, dispatch };
}

const options = {
  containerId: "sportsbook",
  width: "100%",
  height: "100%",
  host: "https://book.example/sportsbook/",
  cid: "sandbox",
  theme: "dark",
  token: "platform-token-1234",
  lang: "de",
  loginUrl: "sendPostMessage",
  allowParentUrlUpdate: true,
  initialPath: "/football/england-premier-league",
};

describe("sportsbook SDK script", () => {
  it("puts the book in an iframe titled Sportsbook with the launch in its query", () => {
    const { sdk, container } = page();
    sdk.init(options);
    const frame = container.children[0]!;
    expect(frame.title).toBe("Sportsbook");
    expect(frame.style.width).toBe("100%");
    expect(frame.style.height).toBe("100%");
    const url = new URL(frame.src);
    expect(`${url.origin}${url.pathname}`).toBe("https://book.example/sportsbook/app/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      cid: "sandbox",
      token: "platform-token-1234",
      lang: "de",
      theme: "dark",
      origin: "https://site.example",
      syncUrl: "1",
      path: "/football/england-premier-league",
    });
  });

  it("starts a guest without a token and falls back to the dark theme", () => {
    const { sdk, container } = page();
    sdk.init({
      ...options,
      token: null,
      theme: "sepia",
      initialPath: undefined,
      allowParentUrlUpdate: false,
    });
    const url = new URL(container.children[0]!.src);
    expect(url.searchParams.has("syncUrl")).toBe(false);
    expect(url.searchParams.has("token")).toBe(false);
    expect(url.searchParams.has("path")).toBe(false);
    expect(url.searchParams.get("theme")).toBe("dark");
  });

  it("passes on only the book's messages from the book's frame and origin", () => {
    const { sdk, container, dispatch } = page();
    const onEvent = vi.fn();
    sdk.init({ ...options, onEvent });
    const frame = container.children[0]!;
    const login = { source: "sportsbook", type: "login" };
    dispatch({ origin: "https://book.example", source: frame.contentWindow, data: login });
    dispatch({ origin: "https://evil.example", source: frame.contentWindow, data: login });
    dispatch({ origin: "https://book.example", source: {}, data: login });
    dispatch({
      origin: "https://book.example",
      source: frame.contentWindow,
      data: { source: "other", type: "login" },
    });
    dispatch({ origin: "https://book.example", source: frame.contentWindow, data: "login" });
    const location = { source: "sportsbook", type: "location", path: "/live" };
    dispatch({ origin: "https://book.example", source: frame.contentWindow, data: location });
    expect(onEvent.mock.calls.map((c) => c[0])).toEqual([login, location]);
  });

  it("posts routeChange to the book's origin only, and stops after destroy", () => {
    const { sdk, container, handlers } = page();
    const handle = sdk.init(options);
    const frame = container.children[0]!;
    handle.routeChange("/live");
    expect(frame.contentWindow.postMessage).toHaveBeenCalledWith(
      { source: "sportsbook-host", type: "routeChange", path: "/live" },
      "https://book.example",
    );
    handle.destroy();
    expect(container.children).toHaveLength(0);
    expect(handlers.size).toBe(0);
    handle.routeChange("/football");
    expect(frame.contentWindow.postMessage).toHaveBeenCalledTimes(1);
    handle.destroy();
  });

  it("refuses a missing container or host", () => {
    const { sdk } = page();
    expect(() => sdk.init({ ...options, containerId: "nowhere" })).toThrow(/no element/);
    expect(() => sdk.init({ ...options, host: "" })).toThrow(/host/);
  });
});
