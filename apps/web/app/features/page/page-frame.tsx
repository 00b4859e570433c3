import { type ReactNode, useId } from "react";
import "./page.css";

/** A page's frame: a section named by its h1 heading. */
export function PageFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="page-frame" aria-labelledby={id}>
      <h1 id={id} className="page-frame__title">
        {title}
      </h1>
      {lead ? <p className="page-frame__lead">{lead}</p> : null}
      {children}
    </section>
  );
}
