// Identity verification's server calls (KY-04): the player's status and the provider's token
// (POST /api/player/services/{provider}/auth; packages/contract/src/verification.ts).
import type { VerificationStatus } from "@casino/contract/verification";
import { apiRequest } from "../../lib/api/api-client";

export type { VerificationStatus };

export interface VerificationState {
  status: VerificationStatus;
  provider: string | null;
  updatedAt: string | null;
}

export interface VerificationToken {
  provider: string;
  token: string;
  url: string;
  status: VerificationStatus;
}

export const VERIFICATION_KEY = ["player", "verification"] as const;

/** GET /api/player/verification. */
export const verificationQuery = {
  queryKey: VERIFICATION_KEY,
  queryFn: async (): Promise<VerificationState> =>
    (await apiRequest<{ data: VerificationState }>("/api/player/verification")).data,
  staleTime: 10_000,
};

/** POST /api/player/services/{provider}/auth (BE-36): a token and the provider's page. */
export const startVerification = async (provider: string): Promise<VerificationToken> =>
  (
    await apiRequest<{ data: VerificationToken }>(
      `/api/player/services/${encodeURIComponent(provider)}/auth`,
      { method: "POST" },
    )
  ).data;

/** Only the platform's own origin is embedded (the sandbox page, or a provider's same-site page). */
export function embeddableUrl(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    // A same-origin page loads by path, so a proxy's public origin does not matter.
    return parsed.origin === origin || parsed.pathname.startsWith("/sandbox/")
      ? `${parsed.pathname}${parsed.search}`
      : parsed.toString();
  } catch {
    return null;
  }
}
