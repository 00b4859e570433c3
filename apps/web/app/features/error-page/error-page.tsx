import { Link } from "react-router";
import { ErrorIllustration } from "./error-illustration";
import type { ErrorTexts } from "./error-texts";
// Its styles (error-page.css) are part of the site's sheet: styles/app.css imports them.

/**
 * The error page (RT-38): image, title (h1), description and a Homepage link. `reload` makes the
 * link a full page load, used when the app shell itself failed.
 */
export function ErrorPage({
  texts,
  homeHref,
  imageLabel,
  reload = false,
}: {
  texts: ErrorTexts;
  homeHref: string;
  imageLabel: string;
  reload?: boolean;
}) {
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <ErrorIllustration label={imageLabel} />
      <h1 id="error-page-title" className="error-page__title">
        {texts.title}
      </h1>
      <p className="error-page__description">{texts.description}</p>
      <Link className="error-page__button" to={homeHref} reloadDocument={reload}>
        {texts.buttonLabel}
      </Link>
    </section>
  );
}
