/** No content at that path: a 404 JSON answer, or an HTML page instead of JSON (ER-25). */
export class ContentNotFoundError extends Error {
  readonly path: string;

  constructor(path: string, reason: string) {
    super(`Content not found: ${path} (${reason})`);
    this.name = "ContentNotFoundError";
    this.path = path;
  }
}
