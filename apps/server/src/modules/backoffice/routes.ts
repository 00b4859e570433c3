// The back office (apps/backoffice) under /backoffice: a page the operator signs into with an
// operator key; everything it shows and changes goes through the operator API like any other
// client. Served only while the operator API is on (OPERATOR_API_TOKEN).
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { repoRoot } from "../../config";
import type { AppContext } from "../../context";
import { serveSpa } from "../../lib/spa";

/** The back office's build (npm run build -w @casino/backoffice). */
export const backofficeBuildDir = path.join(repoRoot, "apps/backoffice/build");

export async function registerBackoffice(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.operatorApiToken) return;
  await serveSpa(app, {
    buildDir: backofficeBuildDir,
    prefix: "/backoffice",
    pages: ["/backoffice", "/backoffice/*"],
    notBuilt: "The back office is not built: npm run build -w @casino/backoffice",
    // Never framed: the page holds an operator's key.
    framedBySite: false,
  });
}
