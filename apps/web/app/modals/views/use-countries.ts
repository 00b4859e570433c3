import type { Country } from "@casino/contract/settings";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api/api-client";

/** GET /api/settings/countries, cached for the session (phone prefixes, country fields). */
export function useCountries() {
  return useQuery({
    queryKey: ["settings", "countries"],
    queryFn: () =>
      apiRequest<{ data: Country[] }>("/api/settings/countries").then((body) => body.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
