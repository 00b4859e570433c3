import type { RouteConfig } from "@react-router/dev/routes";
import { buildRoutes } from "./lib/routing/build-routes";

export default buildRoutes() satisfies RouteConfig;
