// Prints the README's configuration table from apps/server/src/config.ts (the one source).
import { configDocsMarkdown } from "../apps/server/src/config";

console.log(configDocsMarkdown());
