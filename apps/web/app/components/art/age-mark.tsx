/** The 18+ mark. `label` is the accessible name from content (e.g. "Adults only, 18+"). */
export function AgeMark({ label, size = 44 }: { label: string; size?: number }) {
  return (
    <svg
      viewBox="0 0 48 48"
      width={size}
      height={size}
      role="img"
      aria-label={label}
      className="age-mark"
    >
      <circle
        cx="24"
        cy="24"
        r="21.5"
        fill="var(--color-bg)"
        stroke="var(--color-danger)"
        strokeWidth="3"
      />
      <text
        x="24"
        y="29.5"
        textAnchor="middle"
        fontFamily="var(--font-sans)"
        fontSize="16"
        fontWeight="800"
        fill="var(--color-text)"
      >
        18+
      </text>
    </svg>
  );
}
