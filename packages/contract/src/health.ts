import { z } from "zod";

/** GET /api/health: 200 when the node can serve, 503 (ErrorBody) when the database is unreachable. */
export const HealthResponse = z
  .object({ status: z.literal("ok"), database: z.literal("ok") })
  .meta({ id: "HealthResponse" });
export type HealthResponse = z.infer<typeof HealthResponse>;
