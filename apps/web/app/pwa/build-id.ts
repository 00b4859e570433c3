declare const __BUILD_ID__: string | undefined;

/** The id of this build (vite.config.ts defines it; also written to /version.json). */
export const BUILD_ID: string | null = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : null;

/** Where the build writes its id (build/client/version.json, served at /version.json). */
export const VERSION_FILE = "/version.json";
/** ST-10: the build manifest is polled every 5 minutes and when the page becomes visible. */
export const VERSION_POLL_MS = 5 * 60_000;
