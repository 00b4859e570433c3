import { useId } from "react";

/**
 * The brand mark: a gaming chip with a star, painted with the brand tokens so a re-brand
 * in theme.css recolours it. The word mark beside it is text from content (brand.name).
 */
export function LogoMark({ size = 36 }: { size?: number }) {
  const id = useId();
  const ring = `${id}-ring`;
  const core = `${id}-core`;
  return (
    <svg
      viewBox="0 0 48 48"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className="logo-mark"
    >
      <defs>
        <linearGradient id={ring} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: "var(--brand-1)" }} />
          <stop offset="1" style={{ stopColor: "var(--brand-2)" }} />
        </linearGradient>
        <radialGradient id={core} cx="0.35" cy="0.3" r="0.8">
          <stop offset="0" style={{ stopColor: "var(--color-surface-3)" }} />
          <stop offset="1" style={{ stopColor: "var(--color-bg)" }} />
        </radialGradient>
      </defs>
      <circle cx="24" cy="24" r="22" fill={`url(#${ring})`} />
      <g fill="var(--art-white)" opacity="0.9">
        {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
          <rect
            key={a}
            x="21.5"
            y="2.5"
            width="5"
            height="6"
            rx="1.5"
            transform={`rotate(${a} 24 24)`}
          />
        ))}
      </g>
      <circle cx="24" cy="24" r="14" fill={`url(#${core})`} />
      <circle cx="24" cy="24" r="14" fill="none" stroke="var(--art-white)" strokeOpacity="0.25" />
      <path
        d="M24 14.5 26.6 21.4 33.5 24 26.6 26.6 24 33.5 21.4 26.6 14.5 24 21.4 21.4Z"
        fill="var(--art-gold)"
      />
    </svg>
  );
}

/** Mark plus word mark. The name is the operator's, from content. */
export function Logo({ name, compactBelow }: { name: string; compactBelow?: boolean }) {
  return (
    <span className={compactBelow ? "logo logo--compact-small" : "logo"}>
      <LogoMark />
      <span className="logo__name">{name}</span>
    </span>
  );
}
