// Illustrations for the home page promo banners. Vector only, painted with theme tokens.
import { useId } from "react";
import { GoldGradient } from "./gold-gradient";

type ArtProps = { className?: string };

function Sparkle({ x, y, r, fill }: { x: number; y: number; r: number; fill: string }) {
  const k = r * 0.28;
  return (
    <path
      d={`M${x} ${y - r}L${x + k} ${y - k}L${x + r} ${y}L${x + k} ${y + k}L${x} ${y + r}L${x - k} ${y + k}L${x - r} ${y}L${x - k} ${y - k}Z`}
      fill={fill}
    />
  );
}

function Coin({
  x,
  y,
  rx,
  tilt,
  fill,
}: {
  x: number;
  y: number;
  rx: number;
  tilt: number;
  fill: string;
}) {
  const ry = rx * 0.42;
  return (
    <g transform={`rotate(${tilt} ${x} ${y})`}>
      <ellipse cx={x} cy={y + ry * 0.55} rx={rx} ry={ry} fill="var(--art-gold-deep)" />
      <ellipse cx={x} cy={y} rx={rx} ry={ry} fill={fill} />
      <ellipse
        cx={x}
        cy={y}
        rx={rx * 0.62}
        ry={ry * 0.62}
        fill="none"
        stroke="var(--art-gold-deep)"
        strokeOpacity="0.55"
        strokeWidth="1.5"
      />
    </g>
  );
}

function artClass(className?: string): string {
  return className ? `banner-art ${className}` : "banner-art";
}

/** Welcome package: a gift box with coins. */
export function WelcomeArt({ className }: ArtProps) {
  const id = useId();
  const glow = `${id}-glow`;
  const box = `${id}-box`;
  const lid = `${id}-lid`;
  const gold = `${id}-gold`;
  return (
    <svg viewBox="0 0 240 200" aria-hidden="true" focusable="false" className={artClass(className)}>
      <defs>
        <radialGradient id={glow}>
          <stop offset="0" style={{ stopColor: "var(--art-magenta)", stopOpacity: 0.55 }} />
          <stop offset="1" style={{ stopColor: "var(--art-magenta)", stopOpacity: 0 }} />
        </radialGradient>
        <linearGradient id={box} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" style={{ stopColor: "var(--art-violet)" }} />
          <stop offset="1" style={{ stopColor: "var(--art-violet-deep)" }} />
        </linearGradient>
        <linearGradient id={lid} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: "var(--art-magenta)" }} />
          <stop offset="1" style={{ stopColor: "var(--art-violet)" }} />
        </linearGradient>
        <GoldGradient id={gold} glint="0.35" />
      </defs>
      <circle cx="125" cy="105" r="95" fill={`url(#${glow})`} />
      <ellipse cx="125" cy="184" rx="80" ry="9" fill="var(--art-ink)" opacity="0.45" />
      <Coin x={44} y={160} rx={22} tilt={-8} fill={`url(#${gold})`} />
      <Coin x={206} y={150} rx={19} tilt={10} fill={`url(#${gold})`} />
      <rect x="70" y="96" width="110" height="84" rx="10" fill={`url(#${box})`} />
      <rect x="70" y="96" width="110" height="12" fill="var(--art-ink)" opacity="0.25" />
      <rect x="117" y="96" width="16" height="84" fill={`url(#${gold})`} />
      <rect x="61" y="74" width="128" height="28" rx="8" fill={`url(#${lid})`} />
      <rect x="115" y="74" width="20" height="28" fill={`url(#${gold})`} />
      <path d="M125 74C112 50 86 48 88 64c1.5 10 20 11 37 10z" fill={`url(#${gold})`} />
      <path d="M125 74c13-24 39-26 37-10-1.5 10-20 11-37 10z" fill={`url(#${gold})`} />
      <path
        d="M125 74C115 57 98 55 98 63c.5 6 13 10 27 11z"
        fill="var(--art-gold-deep)"
        opacity="0.35"
      />
      <circle
        cx="125"
        cy="73"
        r="7"
        fill="var(--art-gold)"
        stroke="var(--art-gold-deep)"
        strokeWidth="2"
      />
      <Coin x={196} y={52} rx={15} tilt={-24} fill={`url(#${gold})`} />
      <Coin x={40} y={78} rx={11} tilt={20} fill={`url(#${gold})`} />
      <Sparkle x={70} y={36} r={9} fill="var(--art-gold)" />
      <Sparkle x={168} y={26} r={6} fill="var(--art-white)" />
      <Sparkle x={218} y={96} r={7} fill="var(--art-white)" />
      <Sparkle x={26} y={122} r={5} fill="var(--art-gold)" />
    </svg>
  );
}

// Football panels: a centre pentagon and five half-hidden ones around it, clipped to the ball.
function pentagon(cx: number, cy: number, r: number, rot: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 5; i++) {
    const a = ((rot + i * 72 - 90) * Math.PI) / 180;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}
const BALL = { cx: 138, cy: 96, r: 52 };
const centrePanel = pentagon(BALL.cx, BALL.cy, 16, 0);
const outerPanels = [0, 72, 144, 216, 288].map((deg) => {
  const a = ((deg - 90) * Math.PI) / 180;
  return pentagon(BALL.cx + 46 * Math.cos(a), BALL.cy + 46 * Math.sin(a), 15, deg + 36);
});
const seams = [0, 72, 144, 216, 288].map((deg) => {
  const a = ((deg - 90) * Math.PI) / 180;
  const p = (d: number) =>
    `${(BALL.cx + d * Math.cos(a)).toFixed(1)} ${(BALL.cy + d * Math.sin(a)).toFixed(1)}`;
  return `M${p(16)}L${p(32)}`;
});

/** Sportsbook: a football in flight. */
export function SportsArt({ className }: ArtProps) {
  const id = useId();
  const glow = `${id}-glow`;
  const ball = `${id}-ball`;
  const clip = `${id}-clip`;
  const trail = `${id}-trail`;
  return (
    <svg viewBox="0 0 240 200" aria-hidden="true" focusable="false" className={artClass(className)}>
      <defs>
        <radialGradient id={glow}>
          <stop offset="0" style={{ stopColor: "var(--art-cyan)", stopOpacity: 0.5 }} />
          <stop offset="1" style={{ stopColor: "var(--art-cyan)", stopOpacity: 0 }} />
        </radialGradient>
        <radialGradient id={ball} cx="0.35" cy="0.3" r="0.85">
          <stop offset="0" style={{ stopColor: "var(--art-white)" }} />
          <stop offset="0.7" style={{ stopColor: "var(--art-white)", stopOpacity: 0.92 }} />
          <stop offset="1" style={{ stopColor: "var(--art-cyan-deep)" }} />
        </radialGradient>
        <linearGradient id={trail} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" style={{ stopColor: "var(--art-cyan)", stopOpacity: 0 }} />
          <stop offset="1" style={{ stopColor: "var(--art-cyan)", stopOpacity: 0.9 }} />
        </linearGradient>
        <clipPath id={clip}>
          <circle cx={BALL.cx} cy={BALL.cy} r={BALL.r} />
        </clipPath>
      </defs>
      <circle cx="138" cy="100" r="96" fill={`url(#${glow})`} />
      <g fill="none" stroke="var(--art-white)" strokeOpacity="0.16" strokeWidth="2">
        <path d="M0 176h240M40 200l30-24M200 200l-30-24" />
        <ellipse cx="120" cy="188" rx="60" ry="10" />
      </g>
      <g stroke={`url(#${trail})`} strokeWidth="6" strokeLinecap="round">
        <path d="M14 70h62M4 96h66M20 122h56" />
      </g>
      <ellipse cx="138" cy="176" rx="44" ry="7" fill="var(--art-ink)" opacity="0.5" />
      <circle cx={BALL.cx} cy={BALL.cy} r={BALL.r} fill={`url(#${ball})`} />
      <g clipPath={`url(#${clip})`}>
        <polygon points={centrePanel} fill="var(--art-ink)" />
        {outerPanels.map((p) => (
          <polygon key={p} points={p} fill="var(--art-ink)" />
        ))}
        <g stroke="var(--art-ink)" strokeWidth="2.2" strokeLinecap="round">
          {seams.map((d) => (
            <path key={d} d={d} />
          ))}
        </g>
      </g>
      <circle
        cx={BALL.cx}
        cy={BALL.cy}
        r={BALL.r}
        fill="none"
        stroke="var(--art-ink)"
        strokeOpacity="0.35"
        strokeWidth="2"
      />
      <Sparkle x={206} y={40} r={8} fill="var(--art-white)" />
      <Sparkle x={216} y={140} r={5} fill="var(--art-cyan)" />
      <Sparkle x={62} y={30} r={5} fill="var(--art-cyan)" />
    </svg>
  );
}

/** Loyalty: a crown above a three-step podium. */
export function LoyaltyArt({ className }: ArtProps) {
  const id = useId();
  const glow = `${id}-glow`;
  const gold = `${id}-gold`;
  const step = `${id}-step`;
  return (
    <svg viewBox="0 0 240 200" aria-hidden="true" focusable="false" className={artClass(className)}>
      <defs>
        <radialGradient id={glow}>
          <stop offset="0" style={{ stopColor: "var(--art-gold)", stopOpacity: 0.45 }} />
          <stop offset="1" style={{ stopColor: "var(--art-gold)", stopOpacity: 0 }} />
        </radialGradient>
        <GoldGradient id={gold} x2="0.4" />
        <linearGradient id={step} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" style={{ stopColor: "var(--art-violet)" }} />
          <stop offset="1" style={{ stopColor: "var(--art-violet-deep)" }} />
        </linearGradient>
      </defs>
      <circle cx="120" cy="86" r="92" fill={`url(#${glow})`} />
      <rect x="30" y="150" width="60" height="40" rx="6" fill={`url(#${step})`} opacity="0.7" />
      <rect x="150" y="138" width="60" height="52" rx="6" fill={`url(#${step})`} opacity="0.85" />
      <rect x="88" y="122" width="64" height="68" rx="6" fill={`url(#${step})`} />
      <path d="M88 128h64" stroke="var(--art-white)" strokeOpacity="0.25" strokeWidth="2" />
      <path d="M76 104 68 44l30 26 22-40 22 40 30-26-8 60z" fill={`url(#${gold})`} />
      <rect x="74" y="100" width="92" height="16" rx="5" fill="var(--art-gold-deep)" />
      <rect x="74" y="100" width="92" height="7" rx="3.5" fill="var(--art-gold)" opacity="0.7" />
      <circle cx="68" cy="42" r="6" fill="var(--art-magenta)" />
      <circle cx="120" cy="28" r="7" fill="var(--art-cyan)" />
      <circle cx="172" cy="42" r="6" fill="var(--art-magenta)" />
      <circle cx="96" cy="108" r="4.5" fill="var(--art-green)" />
      <path d="m120 100 6.5 8-6.5 8-6.5-8z" fill="var(--art-magenta)" />
      <circle cx="144" cy="108" r="4.5" fill="var(--art-cyan)" />
      <Sparkle x={40} y={64} r={8} fill="var(--art-white)" />
      <Sparkle x={206} y={76} r={9} fill="var(--art-gold)" />
      <Sparkle x={196} y={22} r={5} fill="var(--art-white)" />
    </svg>
  );
}
