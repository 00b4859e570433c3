// The gold of the illustrations: a linear gradient from a white glint through gold to deep gold,
// painted with theme tokens. Rendered inside an SVG's <defs>; the caller gives it an id unique to
// that SVG instance (from useId), so several illustrations on one page never share or clash.

type GoldGradientProps = {
  id: string;
  /** The gradient's end point (it starts at the top left corner, 0 0). */
  x2?: string;
  y2?: string;
  /** Where the glint has turned fully gold (0..1). */
  glint?: string;
};

export function GoldGradient({ id, x2 = "1", y2 = "1", glint = "0.3" }: GoldGradientProps) {
  return (
    <linearGradient id={id} x1="0" y1="0" x2={x2} y2={y2}>
      <stop offset="0" style={{ stopColor: "var(--art-white)" }} />
      <stop offset={glint} style={{ stopColor: "var(--art-gold)" }} />
      <stop offset="1" style={{ stopColor: "var(--art-gold-deep)" }} />
    </linearGradient>
  );
}
