// The sandbox sportsbook's SDK (docs/sportsbook.md "The SDK"): the site loads it from
// `{clientHost}/sdk.js` and calls `window.SportsbookSDK.init(options)`. It puts the book in an
// iframe and relays messages both ways, accepting only the book's origin and posting only to it.
// Plain browser JavaScript with no build step, so that any site can load it as is.
(() => {
  const BOOK_SOURCE = "sportsbook";
  const HOST_SOURCE = "sportsbook-host";

  function fail(message) {
    throw new Error(`SportsbookSDK: ${message}`);
  }

  function cssSize(value) {
    if (value === undefined || value === null || value === "") return "100%";
    return typeof value === "number" ? `${value}px` : String(value);
  }

  function init(options) {
    if (!options || typeof options !== "object") fail("init needs an options object");
    const container = document.getElementById(options.containerId);
    if (!container) fail(`no element with id "${options.containerId}"`);
    if (!options.host) fail("options.host is required");

    const hostUrl = new URL(String(options.host), window.location.href);
    const host = hostUrl.href.replace(/\/+$/, "");
    const bookOrigin = hostUrl.origin;

    const query = new URLSearchParams();
    if (options.cid) query.set("cid", String(options.cid));
    if (options.token) query.set("token", String(options.token));
    query.set("lang", options.lang ? String(options.lang) : "en");
    query.set("theme", options.theme === "light" ? "light" : "dark");
    query.set("origin", window.location.origin);
    if (options.loginUrl && options.loginUrl !== "sendPostMessage") {
      query.set("loginUrl", String(options.loginUrl));
    }
    // The site keeps the book's path in its own URL and history: the book then replaces its
    // history entries instead of adding them, so that back and forward stay the site's.
    if (options.allowParentUrlUpdate) query.set("syncUrl", "1");
    if (options.customStyles) query.set("styles", String(options.customStyles));
    if (options.initialPath) query.set("path", String(options.initialPath));

    const iframe = document.createElement("iframe");
    iframe.title = "Sportsbook";
    iframe.src = `${host}/app/?${query.toString()}`;
    iframe.setAttribute("allow", "clipboard-write");
    iframe.style.border = "0";
    iframe.style.display = "block";
    iframe.style.width = cssSize(options.width);
    iframe.style.height = cssSize(options.height);
    container.appendChild(iframe);

    const onEvent = typeof options.onEvent === "function" ? options.onEvent : null;
    function onMessage(event) {
      if (event.origin !== bookOrigin) return;
      if (event.source !== iframe.contentWindow) return;
      const data = event.data;
      if (!data || typeof data !== "object" || data.source !== BOOK_SOURCE) return;
      if (typeof data.type !== "string") return;
      if (onEvent) {
        try {
          onEvent(data);
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        }
      }
    }
    window.addEventListener("message", onMessage);

    let destroyed = false;
    return {
      routeChange: (path) => {
        if (destroyed || !iframe.contentWindow) return;
        iframe.contentWindow.postMessage(
          { source: HOST_SOURCE, type: "routeChange", path: String(path) },
          bookOrigin,
        );
      },
      destroy: () => {
        if (destroyed) return;
        destroyed = true;
        window.removeEventListener("message", onMessage);
        if (iframe.parentNode) iframe.parentNode.removeChild(iframe);
      },
    };
  }

  window.SportsbookSDK = { version: "1", init: init };
})();
