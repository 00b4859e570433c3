// The studio's own API (/studio/api, packages/contract/src/studio.ts). Types only from the
// contract: the schemas stay on the server.
import type {
  StudioFairness,
  StudioGameCode,
  StudioRound,
  StudioSession,
} from "@casino/contract/studio";

export type { StudioFairness, StudioGameCode, StudioRound, StudioSession };

export interface FreeSpins {
  id: string;
  spinsLeft: number;
  betPerSpin: string;
  expiresAt: string;
}

export interface PlayAnswer {
  round: StudioRound;
  balance: string;
  fairness: StudioFairness;
  freeSpins: FreeSpins[];
}

export interface Revealed {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  bets: number;
}

export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly code: number,
    public readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

async function request<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string | null } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let response: Response;
  try {
    response = await fetch(`/studio/api${path}`, {
      method: init.method ?? "GET",
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch {
    throw new ApiError("The connection was lost: check your network and try again.", 0, 0);
  }
  const json = (await response.json().catch(() => ({}))) as {
    data?: T;
    error?: { code: number; message: string; fields?: Record<string, string[]> };
  };
  if (!response.ok || json.data === undefined) {
    const fields = json.error?.fields ?? {};
    const first = Object.values(fields)[0]?.[0];
    throw new ApiError(
      first ?? json.error?.message ?? `Something went wrong (HTTP ${response.status})`,
      response.status,
      json.error?.code ?? response.status,
      fields,
    );
  }
  return json.data;
}

export const api = {
  openSession: (body: { gameCode: StudioGameCode; mode: "real" | "demo"; token?: string }) =>
    request<StudioSession & { sessionToken: string }>("/sessions", { method: "POST", body }),
  session: (token: string) => request<StudioSession>("/session", { token }),
  play: (token: string, body: Record<string, unknown>) =>
    request<PlayAnswer>("/rounds", { method: "POST", body, token }),
  rounds: (token: string) => request<StudioRound[]>("/rounds", { token }),
  round: (id: string) => request<StudioRound>(`/rounds/${encodeURIComponent(id)}`),
  rotate: (token: string) =>
    request<{ fairness: StudioFairness; revealed: Revealed }>("/seeds/rotate", {
      method: "POST",
      token,
    }),
  setClientSeed: (token: string, clientSeed: string) =>
    request<{ fairness: StudioFairness; revealed: Revealed }>("/seeds/client-seed", {
      method: "PUT",
      body: { clientSeed },
      token,
    }),
};

/** A fresh id for one press of a play button (the server plays it once, whatever happens). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
