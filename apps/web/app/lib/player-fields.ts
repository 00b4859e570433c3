import type { FieldDescriptor, FieldScenario } from "@casino/contract/player";
import type { Currency } from "@casino/contract/settings";
import { apiRequest } from "./api/api-client";

/** GET /api/player/fields/validations?scenario=… (SU-10, PR-01); registration loads at start (ST-01). */
export function fieldsQuery(scenario: FieldScenario) {
  return {
    queryKey: ["player", "fields", scenario] as const,
    queryFn: () =>
      apiRequest<{ data: FieldDescriptor[] }>("/api/player/fields/validations", {
        query: { scenario },
      }).then((body) => body.data),
    staleTime: 5 * 60_000,
  };
}

/** GET /api/settings/currencies?visible=1. */
export const currenciesQuery = {
  queryKey: ["settings", "currencies", "visible"] as const,
  queryFn: () =>
    apiRequest<{ data: Currency[] }>("/api/settings/currencies", { query: { visible: 1 } }).then(
      (body) => body.data,
    ),
  staleTime: 5 * 60_000,
};
