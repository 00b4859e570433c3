import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiRequest } from "../../lib/api/api-client";
import { providersQuery } from "../games/use-providers";

/** ST-01: at start the provider list, the collections and the registration fields load. */
export function prefetchStartupData(client: QueryClient): Promise<unknown> {
  return Promise.allSettled([
    client.prefetchQuery(providersQuery),
    client.prefetchQuery({
      queryKey: ["game", "collections"],
      queryFn: () =>
        apiRequest<{ data: unknown[] }>("/api/game/collections").then((body) => body.data),
      staleTime: 5 * 60_000,
    }),
    // Same key and answer as fieldsQuery("registration") of lib/player-fields.ts (sign-up reuses it).
    client.prefetchQuery({
      queryKey: ["player", "fields", "registration"],
      queryFn: () =>
        apiRequest<{ data: unknown[] }>("/api/player/fields/validations", {
          query: { scenario: "registration" },
        }).then((body) => body.data),
      staleTime: 5 * 60_000,
    }),
  ]);
}

export function useStartupQueries(): void {
  const client = useQueryClient();
  useEffect(() => {
    void prefetchStartupData(client);
  }, [client]);
}
