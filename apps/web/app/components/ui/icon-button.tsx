import type { ButtonHTMLAttributes, ReactNode } from "react";
import { cx } from "./cx";

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> & {
  /** The accessible name; also shown as a tooltip. Required: an icon alone names nothing. */
  label: string;
  children: ReactNode;
  variant?: "ghost" | "glass";
};

export function IconButton({
  label,
  children,
  className,
  variant = "glass",
  ...rest
}: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cx("icon-btn", `icon-btn--${variant}`, className)}
      {...rest}
    >
      {children}
    </button>
  );
}
