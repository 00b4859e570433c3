/** Fallback texts of the error page (spec §2, RT-40, RT-41). */
export const ERROR_FALLBACK_TITLE = "Something went wrong";
export const ERROR_NOT_FOUND_TITLE = "Page Not Found";
export const ERROR_FALLBACK_DESCRIPTION =
  "The page you are trying to access does not exist or has been moved. Try going back to our homepage.";
export const ERROR_FALLBACK_BUTTON = "Homepage";

export type ErrorTexts = { title: string; description: string; buttonLabel: string };

/** Reads a non-empty string at global-components `error.<key>`. */
export type ErrorContentLookup = (
  key: "title" | "notFoundTitle" | "description" | "buttonLabel",
) => string | null;

/**
 * Error page texts (RT-40..RT-42, ER-23). Precedence:
 * - title, status 404: content error.notFoundTitle → content error.title → 'Page Not Found';
 * - title, other errors: content error.title → 'Something went wrong';
 * - description: content error.description → the fallback description;
 * - button: content error.buttonLabel → 'Homepage'.
 */
export function errorTexts(status: number | null, lookup: ErrorContentLookup): ErrorTexts {
  const title =
    status === 404
      ? (lookup("notFoundTitle") ?? lookup("title") ?? ERROR_NOT_FOUND_TITLE)
      : (lookup("title") ?? ERROR_FALLBACK_TITLE);
  return {
    title,
    description: lookup("description") ?? ERROR_FALLBACK_DESCRIPTION,
    buttonLabel: lookup("buttonLabel") ?? ERROR_FALLBACK_BUTTON,
  };
}
