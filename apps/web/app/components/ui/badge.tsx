import type { ReactNode } from "react";
import { cx } from "./cx";

export type BadgeTone = "brand" | "gold" | "neutral" | "success" | "danger";

export function Badge({
  tone = "neutral",
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return <span className={cx("badge", `badge--${tone}`, className)}>{children}</span>;
}
