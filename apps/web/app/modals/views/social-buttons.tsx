import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { backRouteOf, socialRedirectUrl } from "../../lib/session/social-login";
import { useSite } from "../../lib/site";

/** The messaging-app (Telegram) login widget script (SI-26). */
export const MESSAGING_WIDGET_SRC = "https://telegram.org/js/telegram-widget.js?22";

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One button per enabled social login (SI-22..SI-26): direct providers and the identity
 * service's connections navigate to the server's redirect with state {backRoute}; the
 * messaging-app login loads its third-party widget, only when both bot and authUrl are set.
 */
export function SocialButtons() {
  const { t, settings } = useSite();
  const location = useLocation();
  const social = settings.social;
  const go = (provider: string, connection?: string) => {
    const backRoute = backRouteOf(location.pathname, location.search);
    window.location.assign(socialRedirectUrl(provider, backRoute, connection));
  };
  const identity = social.identityService;
  const buttons: { id: string; label: string; onClick: () => void }[] = [
    ...social.providers.map((provider) => ({
      id: provider,
      label: provider,
      onClick: () => go(provider),
    })),
    ...(identity?.connections ?? []).map((connection) => ({
      id: `${identity?.name}:${connection}`,
      label: connection,
      onClick: () => go(identity?.name ?? "", connection),
    })),
  ];
  const messaging =
    social.messagingApp?.bot && social.messagingApp.authUrl ? social.messagingApp : null;
  if (buttons.length === 0 && !messaging) return null;
  return (
    <div className="auth-social">
      {buttons.map((button) => (
        <button
          key={button.id}
          type="button"
          className="modal-button modal-button--secondary"
          onClick={button.onClick}
        >
          {t("modals.sign-in.socialLabel", "Continue with {provider}", {
            provider: capitalize(button.label),
          })}
        </button>
      ))}
      {messaging ? <MessagingAppLogin bot={messaging.bot} authUrl={messaging.authUrl} /> : null}
    </div>
  );
}

function MessagingAppLogin({ bot, authUrl }: { bot: string; authUrl: string }) {
  const { t } = useSite();
  const holder = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const script = document.createElement("script");
    script.async = true;
    script.src = MESSAGING_WIDGET_SRC;
    script.dataset.telegramLogin = bot;
    script.dataset.authUrl = new URL(authUrl, window.location.origin).toString();
    script.dataset.size = "large";
    script.dataset.requestAccess = "write";
    element.appendChild(script);
    return () => {
      element.replaceChildren();
    };
  }, [bot, authUrl]);
  return (
    <fieldset
      ref={holder}
      className="auth-social__widget"
      aria-label={t("modals.sign-in.messagingLabel", "Log in with Telegram")}
    />
  );
}
