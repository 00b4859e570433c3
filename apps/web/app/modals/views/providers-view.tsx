import { Link } from "react-router";
import { useProviders } from "../../features/games/use-providers";
import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

/** The game providers (GET /api/game/providers), linking their pages. */
export default function ProvidersView(_props: ModalViewProps) {
  const { t, href } = useSite();
  const providers = useProviders();
  if (providers.isPending) return <div className="modal__loading" aria-busy="true" />;
  const list = providers.data ?? [];
  if (list.length === 0) {
    return <p className="modal-text">{t("modals.providers.empty", "No providers yet.")}</p>;
  }
  return (
    <ul className="modal-links" aria-label={t("modals.providers.title", "Providers")}>
      {list.map((provider) => (
        <li key={provider.id}>
          <Link
            className="modal-links__provider"
            to={href(`/providers/${provider.slug ?? provider.id}`)}
          >
            {provider.logo ? <img src={provider.logo} alt="" width={24} height={24} /> : null}
            {provider.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
