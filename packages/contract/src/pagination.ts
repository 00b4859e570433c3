import { z } from "zod";

/** `page` and `perPage` as the client sends them in a query (strings, 1-based). */
export const PageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const PageMeta = z
  .object({
    page: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "PageMeta" });
export type PageMeta = z.infer<typeof PageMeta>;
