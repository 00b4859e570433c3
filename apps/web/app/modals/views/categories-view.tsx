import { Link } from "react-router";
import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

/** The game collections of the visitor's country, as links to their category pages. */
export default function CategoriesView(_props: ModalViewProps) {
  const { t, collections, href } = useSite();
  if (collections.length === 0) {
    return <p className="modal-text">{t("modals.categories.empty", "No categories yet.")}</p>;
  }
  return (
    <nav aria-label={t("modals.categories.title", "Categories")}>
      <ul className="modal-links">
        {collections.map((collection) => (
          <li key={collection.id}>
            <Link to={href(`/categories/${collection.slug}`)}>{collection.name}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
