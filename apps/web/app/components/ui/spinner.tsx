import { cx } from "./cx";

/** A loading indicator announced politely by screen readers. */
export function Spinner({ label, size = "md" }: { label: string; size?: "sm" | "md" | "lg" }) {
  return (
    <span role="status" className={cx("spinner", `spinner--${size}`)}>
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
