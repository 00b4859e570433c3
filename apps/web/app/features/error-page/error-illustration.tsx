/** The error page image: an inline SVG (a tipped-over slot reel), named for assistive technology. */
export function ErrorIllustration({ label }: { label: string }) {
  return (
    <svg
      className="error-page__image"
      viewBox="0 0 240 160"
      width="240"
      height="160"
      role="img"
      aria-label={label}
    >
      <defs>
        <linearGradient id="error-page-grad" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--art-violet, #8b5cf6)" />
          <stop offset="1" stopColor="var(--art-magenta, #ec4899)" />
        </linearGradient>
      </defs>
      <ellipse cx="120" cy="146" rx="92" ry="8" fill="var(--art-ink, #0d0f26)" opacity="0.6" />
      <g transform="rotate(-8 120 80)">
        <rect x="40" y="28" width="160" height="104" rx="18" fill="url(#error-page-grad)" />
        <rect x="54" y="44" width="40" height="72" rx="8" fill="var(--art-ink, #0d0f26)" />
        <rect x="100" y="44" width="40" height="72" rx="8" fill="var(--art-ink, #0d0f26)" />
        <rect x="146" y="44" width="40" height="72" rx="8" fill="var(--art-ink, #0d0f26)" />
        <text
          x="74"
          y="92"
          textAnchor="middle"
          fontSize="30"
          fontWeight="800"
          fill="var(--art-gold, #fbbf24)"
        >
          4
        </text>
        <text
          x="120"
          y="92"
          textAnchor="middle"
          fontSize="30"
          fontWeight="800"
          fill="var(--art-white, #fff)"
        >
          ?
        </text>
        <text
          x="166"
          y="92"
          textAnchor="middle"
          fontSize="30"
          fontWeight="800"
          fill="var(--art-gold, #fbbf24)"
        >
          4
        </text>
      </g>
      <circle cx="206" cy="30" r="6" fill="var(--art-gold, #fbbf24)" />
      <circle cx="28" cy="54" r="4" fill="var(--art-cyan, #22d3ee)" />
    </svg>
  );
}
