// Reality checks (issue 6, README "Responsible gambling"): the player's interval and this
// sign-in session's time and net result (GET/PUT /api/player/reality-check).
import type { RealityCheck, RealityCheckBody } from "@casino/contract/limits";
import { apiRequest } from "../../lib/api/api-client";

export type { RealityCheck };

export const REALITY_CHECK_KEY = ["player", "reality-check"] as const;

export const realityCheckQuery = {
  queryKey: REALITY_CHECK_KEY,
  queryFn: async (): Promise<RealityCheck> =>
    (await apiRequest<{ data: RealityCheck }>("/api/player/reality-check")).data,
  staleTime: 60_000,
};

export const saveRealityCheck = (body: RealityCheckBody) =>
  apiRequest<{ data: RealityCheck }>("/api/player/reality-check", { method: "PUT", body }).then(
    (answer) => answer.data,
  );
