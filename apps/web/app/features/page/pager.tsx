// Previous / "Page n of m" / next under a paginated table (payments, bets and spins on
// /profile/history). Styled by wallet.css (.wallet-pages, .wallet-link), which those pages load.
import { useSite } from "../../lib/site";

export function Pager({
  page,
  pages,
  label,
  onPage,
}: {
  page: number;
  pages: number;
  /** The navigation landmark's accessible name. */
  label: string;
  onPage: (page: number) => void;
}) {
  const { t } = useSite();
  return (
    <nav className="wallet-pages" aria-label={label}>
      <button
        type="button"
        className="wallet-link"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("global-components.pages.profile-history.previous", "Previous page")}
      </button>
      <span>
        {t("global-components.pages.profile-history.pageOf", "Page {page} of {pages}", {
          page,
          pages,
        })}
      </span>
      <button
        type="button"
        className="wallet-link"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("global-components.pages.profile-history.next", "Next page")}
      </button>
    </nav>
  );
}
