// The back office: the operator's own small app over the operator API, served by the server under
// /backoffice (modules/backoffice/routes.ts), never part of the player site's bundle.
import { defineConfig } from "vite";

export default defineConfig({
  base: "/backoffice/",
  oxc: { jsx: { runtime: "automatic" } },
  build: { outDir: "build", emptyOutDir: true },
  server: {
    // `npm run dev -w @casino/backoffice`: the API runs on its own port.
    proxy: { "/api": { target: process.env.API_URL ?? "http://127.0.0.1:3000" } },
  },
});
