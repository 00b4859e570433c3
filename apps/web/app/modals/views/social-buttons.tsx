import { useSite } from "../../lib/site";

/** One button per enabled social login (settings.social); the flow arrives with accounts. */
export function SocialButtons({ onPick }: { onPick: (provider: string) => void }) {
  const { t, settings } = useSite();
  const social = settings.social;
  const buttons: { id: string; label: string }[] = [
    ...social.providers.map((provider) => ({ id: provider, label: provider })),
    ...(social.identityService?.connections ?? []).map((connection) => ({
      id: `${social.identityService?.name ?? "identity"}:${connection}`,
      label: connection,
    })),
    ...(social.messagingApp?.bot && social.messagingApp.authUrl
      ? [{ id: "messaging-app", label: "Telegram" }]
      : []),
  ];
  if (buttons.length === 0) return null;
  return (
    <div className="auth-social">
      {buttons.map((button) => (
        <button
          key={button.id}
          type="button"
          className="modal-button modal-button--secondary"
          onClick={() => onPick(button.id)}
        >
          {t("modals.sign-in.socialLabel", "Continue with {provider}", {
            provider: button.label.charAt(0).toUpperCase() + button.label.slice(1),
          })}
        </button>
      ))}
    </div>
  );
}
