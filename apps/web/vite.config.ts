import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    // `npm run dev`: the API runs on its own port; the dev server proxies /api to it.
    proxy: { "/api": { target: process.env.API_URL ?? "http://127.0.0.1:3000", ws: true } },
  },
});
