import type { ReactNode } from "react";

/** What a page shows when it has nothing (yet): a sentence and an optional action. */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <svg
        viewBox="0 0 64 64"
        width="56"
        height="56"
        aria-hidden="true"
        className="empty-state__art"
      >
        <rect
          x="8"
          y="14"
          width="48"
          height="36"
          rx="8"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
        />
        <path d="M8 24h48" stroke="currentColor" strokeWidth="3" />
        <circle cx="32" cy="38" r="5" fill="currentColor" />
      </svg>
      <p className="empty-state__text">{text}</p>
      {action}
    </div>
  );
}
