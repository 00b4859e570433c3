import { QueryClient } from "@tanstack/react-query";

let browserClient: QueryClient | undefined;

function createQueryClient(): QueryClient {
  // The generic API client retries once itself (spec §7), so queries do not retry again.
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
}

/** One client for the browser's lifetime (shared by components and client loaders); one per render on the server. */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}
