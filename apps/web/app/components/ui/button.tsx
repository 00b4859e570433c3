import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { cx } from "./cx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "gold";
export type ButtonSize = "sm" | "md" | "lg";

type Look = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

function classes({ variant = "primary", size = "md", block }: Look, extra?: string): string {
  return cx("btn", `btn--${variant}`, `btn--${size}`, block && "btn--block", extra);
}

export type ButtonProps = Look &
  ButtonHTMLAttributes<HTMLButtonElement> & { icon?: ReactNode; children: ReactNode };

/** A text button; `icon` sits before the label and is hidden from assistive technology. */
export function Button({ variant, size, block, icon, className, children, ...rest }: ButtonProps) {
  return (
    <button type="button" className={classes({ variant, size, block }, className)} {...rest}>
      {icon ? <span className="btn__icon">{icon}</span> : null}
      <span className="btn__label">{children}</span>
    </button>
  );
}

export type ButtonLinkProps = Look & LinkProps & { icon?: ReactNode; children: ReactNode };

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({
  variant,
  size,
  block,
  icon,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link className={classes({ variant, size, block }, className as string | undefined)} {...rest}>
      {icon ? <span className="btn__icon">{icon}</span> : null}
      <span className="btn__label">{children}</span>
    </Link>
  );
}
