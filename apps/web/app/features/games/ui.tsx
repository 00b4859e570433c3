// Buttons, badges and icons of the game pages with the design system's classes (styles/ui.css)
// and the site's icon style. The shared components/ui and components/art modules sit in chunks
// of the entry JavaScript: importing them from these lazy chunks split them into extra entry
// files (measured about +0.5 KB gzip on the home page), so the few pieces are drawn here.
import type { ButtonHTMLAttributes, ReactNode } from "react";

/** Class names joined, falsy ones left out. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

const ICONS = {
  heart: "M12 19.5s-7.5-4.4-7.5-10A4 4 0 0 1 12 7.2a4 4 0 0 1 7.5 2.3c0 5.6-7.5 10-7.5 10z",
  close: "M6 6l12 12M18 6 6 18",
  fullscreen: "M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5",
  chevron: "m9 6 6 6-6 6",
} as const;

/** A decorative line icon (the control holding it carries the accessible name). */
export function GameIcon({ name, size = 20 }: { name: keyof typeof ICONS; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

export function GameButton({
  variant = "primary",
  size = "md",
  className,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary";
  size?: "sm" | "md";
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={cx("btn", `btn--${variant}`, `btn--${size}`, className)}
      {...rest}
    >
      <span className="btn__label">{children}</span>
    </button>
  );
}

export function GameBadge({ tone, children }: { tone: "neutral" | "gold"; children: ReactNode }) {
  return <span className={cx("badge", `badge--${tone}`)}>{children}</span>;
}
