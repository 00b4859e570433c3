// The larger category illustration of the home page's lobby tiles (120×96), painted with theme
// tokens. Its own module so the drawer's line icons (category-art.tsx) do not bring it into the
// JavaScript every page loads first.
import { useId } from "react";
import type { CategoryKind } from "./category-art";
import { GoldGradient } from "./gold-gradient";

const heart =
  "M0 9.5C-4 6-8.5 3-8.5-1.2-8.5-4.5-5.9-6.5-3.5-6.5-1.8-6.5-.6-5.6 0-4.3.6-5.6 1.8-6.5 3.5-6.5 5.9-6.5 8.5-4.5 8.5-1.2 8.5 3 4 6 0 9.5Z";
const spade =
  "M0-9C-3-4.5-8.5-2-8.5 2.2-8.5 5-6.2 6.6-4 6.6-2.6 6.6-1.5 6-1 5.2L-2.5 10H2.5L1 5.2C1.5 6 2.6 6.6 4 6.6 6.2 6.6 8.5 5 8.5 2.2 8.5-2 3-4.5 0-9Z";

function Card({
  x,
  y,
  rot,
  suit,
  rank,
  color,
}: {
  x: number;
  y: number;
  rot: number;
  suit: string;
  rank: string;
  color: string;
}) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${rot})`}>
      <rect x="-17" y="-24" width="34" height="48" rx="5" fill="var(--art-white)" />
      <rect
        x="-17"
        y="-24"
        width="34"
        height="48"
        rx="5"
        fill="none"
        stroke="var(--art-ink)"
        strokeOpacity="0.15"
      />
      <text
        x="-12"
        y="-12"
        fontFamily="var(--font-sans)"
        fontSize="10"
        fontWeight="800"
        fill={color}
      >
        {rank}
      </text>
      <path d={suit} transform="translate(0 4) scale(1.05)" fill={color} />
    </g>
  );
}

function Sparkle({ x, y, r, fill }: { x: number; y: number; r: number; fill: string }) {
  const k = r * 0.28;
  return (
    <path
      d={`M${x} ${y - r}L${x + k} ${y - k}L${x + r} ${y}L${x + k} ${y + k}L${x} ${y + r}L${x - k} ${y + k}L${x - r} ${y}L${x - k} ${y - k}Z`}
      fill={fill}
    />
  );
}

function Pips({ cx, cy, n }: { cx: number; cy: number; n: 1 | 3 | 5 | 6 }) {
  const d = 7;
  const at: Record<number, [number, number][]> = {
    1: [[0, 0]],
    3: [
      [-d, -d],
      [0, 0],
      [d, d],
    ],
    5: [
      [-d, -d],
      [d, -d],
      [0, 0],
      [-d, d],
      [d, d],
    ],
    6: [
      [-d, -d],
      [d, -d],
      [-d, 0],
      [d, 0],
      [-d, d],
      [d, d],
    ],
  };
  return (
    <g fill="var(--art-ink)">
      {(at[n] ?? []).map(([x, y]) => (
        <circle key={`${x},${y}`} cx={cx + x} cy={cy + y} r="2.6" />
      ))}
    </g>
  );
}

// Three stacks of coins (x, height), bottom coin first so upper ones overlap it.
const coinStacks = [
  [38, 4],
  [62, 6],
  [86, 3],
].flatMap(([x = 0, n = 0]) => Array.from({ length: n }, (_, i) => ({ x, y: 80 - i * 8 })));

/** A larger illustration for a category tile (120×96), painted with theme tokens. */
export function CategoryArt({ kind }: { kind: CategoryKind }) {
  const id = useId();
  const gold = `${id}-gold`;
  const hotFill = `${id}-hot`;
  const body = (() => {
    switch (kind) {
      case "slots":
        return (
          <>
            <rect x="20" y="14" width="72" height="70" rx="12" fill="var(--art-violet)" />
            <rect x="20" y="14" width="72" height="16" rx="8" fill="var(--art-magenta)" />
            <rect x="27" y="36" width="58" height="32" rx="6" fill="var(--art-ink)" />
            {[31, 49, 67].map((x) => (
              <g key={x}>
                <rect x={x} y="39" width="14" height="26" rx="3" fill="var(--art-white)" />
                <text
                  x={x + 7}
                  y="58"
                  textAnchor="middle"
                  fontFamily="var(--font-sans)"
                  fontSize="17"
                  fontWeight="900"
                  fill="var(--art-magenta)"
                >
                  7
                </text>
              </g>
            ))}
            <rect
              x="34"
              y="73"
              width="44"
              height="5"
              rx="2.5"
              fill="var(--art-ink)"
              opacity="0.45"
            />
            <path
              d="M92 56h6V30"
              stroke="var(--art-white)"
              strokeOpacity="0.85"
              strokeWidth="4"
              strokeLinecap="round"
              fill="none"
            />
            <circle cx="98" cy="26" r="6" fill={`url(#${gold})`} />
          </>
        );
      case "live":
        return (
          <>
            <Card x={48} y={52} rot={-14} suit={spade} rank="A" color="var(--art-ink)" />
            <Card x={72} y={50} rot={10} suit={heart} rank="K" color="var(--art-magenta-deep)" />
            <circle cx="94" cy="20" r="11" fill="var(--color-danger)" opacity="0.3" />
            <circle cx="94" cy="20" r="6" fill="var(--color-danger)" />
          </>
        );
      case "roulette":
        return (
          <>
            <circle cx="60" cy="50" r="38" fill={`url(#${gold})`} />
            <circle cx="60" cy="50" r="32" fill="var(--art-ink)" />
            <circle
              cx="60"
              cy="50"
              r="26"
              fill="none"
              stroke="var(--art-magenta)"
              strokeWidth="12"
              strokeDasharray="6.8 6.8"
            />
            <circle
              cx="60"
              cy="50"
              r="26"
              fill="none"
              stroke="var(--art-ink)"
              strokeWidth="12"
              strokeDasharray="6.8 6.8"
              strokeDashoffset="6.8"
              opacity="0.9"
            />
            <circle cx="60" cy="50" r="18" fill="var(--art-green-deep)" />
            <circle cx="60" cy="50" r="7" fill={`url(#${gold})`} />
            <path
              d="M60 36v28M46 50h28"
              stroke={`url(#${gold})`}
              strokeWidth="3"
              strokeLinecap="round"
            />
            <circle cx="79" cy="30" r="4.5" fill="var(--art-white)" />
          </>
        );
      case "jackpot":
        return (
          <>
            {coinStacks.map(({ x, y }) => (
              <g key={`${x},${y}`}>
                <ellipse cx={x} cy={y + 3} rx="14" ry="5.5" fill="var(--art-gold-deep)" />
                <ellipse cx={x} cy={y} rx="14" ry="5.5" fill={`url(#${gold})`} />
              </g>
            ))}
            <Sparkle x={30} y={26} r={8} fill="var(--art-white)" />
            <Sparkle x={94} y={20} r={10} fill="var(--art-gold)" />
          </>
        );
      case "new":
        return (
          <>
            <Sparkle x={58} y={50} r={34} fill={`url(#${gold})`} />
            <Sparkle x={92} y={22} r={11} fill="var(--art-white)" />
            <Sparkle x={26} y={76} r={8} fill="var(--art-magenta)" />
          </>
        );
      case "hot":
        return (
          <>
            <path
              d="M60 90c17 0 28-11 28-27 0-16-12-24-16-40-7 7-10 14-9 22-6-4-10-11-10-20-13 9-21 21-21 38 0 16 11 27 28 27z"
              fill={`url(#${hotFill})`}
            />
            <path
              d="M60 90c8 0 13-5 13-12 0-8-6-11-8-18-5 4-6 9-6 13-3-2-5-5-5-9-5 4-8 9-8 14 0 7 6 12 14 12z"
              fill="var(--art-white)"
              opacity="0.85"
            />
          </>
        );
      case "crash":
        return (
          <>
            <path
              d="M14 86 40 64"
              stroke="var(--art-magenta)"
              strokeOpacity="0.6"
              strokeWidth="8"
              strokeLinecap="round"
            />
            <path
              d="M24 90 44 72"
              stroke="var(--art-gold)"
              strokeOpacity="0.5"
              strokeWidth="5"
              strokeLinecap="round"
            />
            <g transform="rotate(45 64 44)">
              <path d="M64 8c10 10 14 26 12 44H52c-2-18 2-34 12-44z" fill="var(--art-white)" />
              <circle
                cx="64"
                cy="32"
                r="6"
                fill="var(--art-cyan)"
                stroke="var(--art-ink)"
                strokeWidth="2.5"
              />
              <path d="M52 40 42 56l10-2zM76 40l10 16-10-2z" fill="var(--art-magenta)" />
              <path d="M56 52h16l-8 20z" fill={`url(#${gold})`} />
            </g>
          </>
        );
      case "cards":
        return (
          <>
            <Card x={42} y={52} rot={-16} suit={heart} rank="A" color="var(--art-magenta-deep)" />
            <Card x={60} y={46} rot={0} suit={spade} rank="A" color="var(--art-ink)" />
            <Card x={78} y={52} rot={16} suit={heart} rank="Q" color="var(--art-magenta-deep)" />
          </>
        );
      case "lottery":
        return (
          <>
            {[
              [40, 54, 20, "var(--art-magenta)", "7"],
              [76, 40, 17, "var(--art-cyan-deep)", "21"],
              [80, 76, 12, "var(--art-gold-deep)", "3"],
            ].map(([x, y, r, fill, n]) => (
              <g key={String(n)}>
                <circle cx={x} cy={y} r={r} fill={String(fill)} />
                <circle cx={x} cy={y} r={Number(r) * 0.55} fill="var(--art-white)" />
                <text
                  x={x}
                  y={Number(y) + Number(r) * 0.22}
                  textAnchor="middle"
                  fontFamily="var(--font-sans)"
                  fontSize={Number(r) * 0.7}
                  fontWeight="800"
                  fill="var(--art-ink)"
                >
                  {n}
                </text>
              </g>
            ))}
          </>
        );
      default:
        return (
          <>
            <g transform="rotate(-14 44 54)">
              <rect x="22" y="32" width="44" height="44" rx="10" fill="var(--art-white)" />
              <Pips cx={44} cy={54} n={5} />
            </g>
            <g transform="rotate(12 80 46)">
              <rect x="60" y="26" width="40" height="40" rx="9" fill="var(--art-magenta)" />
              <g fill="var(--art-white)">
                <circle cx="72" cy="38" r="2.6" />
                <circle cx="80" cy="46" r="2.6" />
                <circle cx="88" cy="54" r="2.6" />
              </g>
            </g>
          </>
        );
    }
  })();
  return (
    <svg viewBox="0 0 120 96" aria-hidden="true" focusable="false" className="category-art">
      <defs>
        <GoldGradient id={gold} />
        <linearGradient id={hotFill} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" style={{ stopColor: "var(--art-gold)" }} />
          <stop offset="1" style={{ stopColor: "var(--art-magenta)" }} />
        </linearGradient>
      </defs>
      {body}
    </svg>
  );
}
