import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api/api-client";

export type ProviderSummary = { id: number | string; name: string; slug?: string; logo?: string };

type ProviderItem = { id?: unknown; name?: unknown; slug?: unknown; logo?: unknown };

export const providersQuery = {
  queryKey: ["game", "providers"] as const,
  queryFn: async (): Promise<ProviderSummary[]> => {
    const body = await apiRequest<{ data?: ProviderItem[] }>("/api/game/providers");
    const out: ProviderSummary[] = [];
    for (const item of body.data ?? []) {
      if (
        (typeof item.id === "number" || typeof item.id === "string") &&
        typeof item.name === "string"
      ) {
        out.push({
          id: item.id,
          name: item.name,
          ...(typeof item.slug === "string" ? { slug: item.slug } : {}),
          ...(typeof item.logo === "string" && item.logo !== "" ? { logo: item.logo } : {}),
        });
      }
    }
    return out;
  },
  staleTime: 5 * 60_000,
};

/** GET /api/game/providers (spec §7), cached by TanStack Query. */
export function useProviders() {
  return useQuery(providersQuery);
}
