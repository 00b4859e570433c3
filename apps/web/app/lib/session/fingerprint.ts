// The visitor fingerprint (spec §3, SE-11): SHA-256 (WebCrypto) of browser and device signals,
// kept in localStorage `fingerprintVisitor` and sent with login, both registrations, social login
// and auto-login. It starts at app creation (ST-01); senders await the same promise.
export const FINGERPRINT_KEY = "fingerprintVisitor";

/** The signals hashed: stable per browser and device, no permission prompts. */
export function fingerprintSignals(): string {
  const nav = window.navigator as Navigator & { deviceMemory?: number };
  const screen = window.screen;
  let timeZone = "";
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    // no Intl time zone
  }
  return [
    nav.userAgent,
    nav.language,
    (nav.languages ?? []).join(","),
    nav.platform,
    nav.hardwareConcurrency ?? "",
    nav.deviceMemory ?? "",
    nav.maxTouchPoints ?? "",
    screen ? `${screen.width}x${screen.height}x${screen.colorDepth}` : "",
    window.devicePixelRatio ?? "",
    timeZone,
    new Date().getTimezoneOffset(),
  ].join("|");
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

let pending: Promise<string | undefined> | null = null;

/** The stored fingerprint, computed and stored on first use; undefined when it cannot be made. */
export function getFingerprint(): Promise<string | undefined> {
  if (typeof window === "undefined") return Promise.resolve(undefined);
  pending ??= (async () => {
    try {
      const stored = window.localStorage.getItem(FINGERPRINT_KEY);
      if (stored) return stored;
    } catch {
      // storage blocked: compute anyway
    }
    try {
      const value = await sha256Hex(fingerprintSignals());
      try {
        window.localStorage.setItem(FINGERPRINT_KEY, value);
      } catch {
        // keep it in memory only
      }
      return value;
    } catch {
      return undefined;
    }
  })();
  return pending;
}
