// The in-house studio's front end: its own small app, served by the server under /studio
// (modules/studio/routes.ts), never part of the player site's bundle.
import { defineConfig } from "vite";

export default defineConfig({
  base: "/studio/",
  oxc: { jsx: { runtime: "automatic" } },
  build: { outDir: "build", emptyOutDir: true },
  server: {
    // `npm run dev -w @casino/studio`: the API runs on its own port.
    proxy: { "/studio/api": { target: process.env.API_URL ?? "http://127.0.0.1:3000" } },
  },
});
