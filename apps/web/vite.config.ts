import { randomUUID } from "node:crypto";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes build/client/version.json ({"version": "<build id>"}, served at /version.json) and
 * defines __BUILD_ID__ with the same id, so the running app can poll the deployed version and
 * notice a new deployment (ST-10). BUILD_ID from the environment wins (e.g. a commit hash).
 */
function buildVersion(): Plugin {
  const stamp = new Date().toISOString().replace(/[-:.TZ]/g, "");
  const id = process.env.BUILD_ID ?? `${stamp}-${randomUUID().slice(0, 8)}`;
  return {
    name: "casino:build-version",
    config(_config, env) {
      return {
        define: { __BUILD_ID__: env.command === "build" ? JSON.stringify(id) : "undefined" },
      };
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({
        type: "asset",
        fileName: "version.json",
        source: `${JSON.stringify({ version: id })}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), buildVersion()],
  build: {
    rolldownOptions: {
      output: {
        // Small app modules shared by the shell and the lazy account code (session store,
        // cross-tab marker, player queries, realtime and chat hooks, toasts) go into one chunk
        // instead of one tiny chunk each: fewer requests and less gzip overhead on first load.
        // The same for the small modules every page's first load needs anyway (site context,
        // content client, locale links, revalidation rule, page meta, the providers query).
        codeSplitting: {
          groups: [
            {
              name: "shell-shared",
              test: /app[\\/](lib[\\/](session[\\/](token-store|change-session|session-events|player-queries)|realtime[\\/](?!connection)|chat[\\/]|api[\\/]|cookies|site\.tsx|content[\\/](content-error|content-client)|locale[\\/]href|routing[\\/]should-revalidate|seo[\\/]page-meta)|toasts[\\/]toast-context|features[\\/]games[\\/]use-providers)/,
            },
          ],
        },
      },
    },
  },
  // Pre-bundled up front so `npm run dev` does not reload the page when a lazy modal needs them.
  optimizeDeps: { include: ["@tanstack/react-query", "radix-ui"] },
  server: {
    // `npm run dev`: the API runs on its own port; the dev server proxies /api to it.
    proxy: { "/api": { target: process.env.API_URL ?? "http://127.0.0.1:3000", ws: true } },
  },
});
