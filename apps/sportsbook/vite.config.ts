// The sandbox sportsbook's front end: its own app, served by the server under /sportsbook/app/
// (apps/server/src/modules/sportsbook), never part of the player site's bundle. public/sdk.js
// (the SDK the site loads) is copied as is to build/sdk.js and served at /sportsbook/sdk.js.
import { defineConfig } from "vite";

export default defineConfig({
  base: "/sportsbook/app/",
  oxc: { jsx: { runtime: "automatic" } },
  build: { outDir: "build", emptyOutDir: true },
  server: {
    // `npm run dev -w @casino/sportsbook`: the API runs on its own port.
    proxy: { "/sportsbook/api": { target: process.env.API_URL ?? "http://127.0.0.1:3000" } },
  },
});
