// Payment and crypto marks drawn for this site: simplified shapes, no third-party files.
// The footer lists the ones the operator names in content (footer.paymentMarks).
import type { ReactNode } from "react";

const marks = {
  visa: {
    name: "Visa",
    art: (
      <text
        x="32"
        y="25.5"
        textAnchor="middle"
        fontFamily="var(--font-sans)"
        fontSize="15"
        fontStyle="italic"
        fontWeight="900"
        letterSpacing="0.5"
        fill="var(--mark-visa)"
      >
        VISA
      </text>
    ),
  },
  mastercard: {
    name: "Mastercard",
    art: (
      <>
        <circle cx="26.5" cy="20" r="9" fill="var(--mark-mastercard-1)" />
        <circle cx="37.5" cy="20" r="9" fill="var(--mark-mastercard-2)" fillOpacity="0.92" />
        <path d="M32 12.9a9 9 0 0 1 0 14.2 9 9 0 0 1 0-14.2z" fill="var(--mark-mastercard-3)" />
      </>
    ),
  },
  bitcoin: {
    name: "Bitcoin",
    art: (
      <>
        <circle cx="32" cy="20" r="12" fill="var(--mark-bitcoin)" />
        <g
          transform="rotate(12 32 20)"
          fill="none"
          stroke="var(--art-white)"
          strokeWidth="2.2"
          strokeLinecap="round"
        >
          <path d="M28.5 13.5h5a3 3 0 0 1 0 6h-5m0 0h5.8a3.2 3.2 0 0 1 0 6.4h-5.8zm0-12.4v12.4M30.5 11.5v2M33.5 11.5v2M30.5 26v2M33.5 26v2" />
        </g>
      </>
    ),
  },
  ethereum: {
    name: "Ethereum",
    art: (
      <>
        <path d="M32 6.5 23.5 20.5 32 25.5 40.5 20.5z" fill="var(--mark-ethereum-1)" />
        <path d="M32 6.5v19l8.5-5z" fill="var(--mark-ethereum-2)" />
        <path d="M23.5 22.3 32 33.5l8.5-11.2L32 27.3z" fill="var(--mark-ethereum-1)" />
        <path d="M32 27.3v6.2l8.5-11.2z" fill="var(--mark-ethereum-2)" />
      </>
    ),
  },
  tether: {
    name: "Tether",
    art: (
      <>
        <circle cx="32" cy="20" r="12" fill="var(--mark-tether)" />
        <path
          d="M25.5 13h13M32 13v13.5"
          stroke="var(--art-white)"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
        <ellipse
          cx="32"
          cy="19"
          rx="7"
          ry="2.2"
          fill="none"
          stroke="var(--art-white)"
          strokeWidth="1.6"
        />
      </>
    ),
  },
  litecoin: {
    name: "Litecoin",
    art: (
      <>
        <circle cx="32" cy="20" r="12" fill="var(--mark-litecoin)" />
        <path
          d="M30.5 12.5 28 25.5h9M26.5 21l7-2.6"
          fill="none"
          stroke="var(--art-white)"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </>
    ),
  },
  bank: {
    name: "Bank transfer",
    art: (
      <g
        fill="none"
        stroke="var(--mark-bank)"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      >
        <path d="m20 16 12-6.5L44 16zM22 16v10M27.3 16v10M32.6 16v10M37.9 16v10M43 16v10M19.5 29.5h25" />
      </g>
    ),
  },
} satisfies Record<string, { name: string; art: ReactNode }>;

export type PaymentMarkKind = keyof typeof marks;

export function isPaymentMarkKind(kind: string): kind is PaymentMarkKind {
  return Object.hasOwn(marks, kind);
}

export function PaymentMark({ kind }: { kind: PaymentMarkKind }) {
  const mark = marks[kind];
  return (
    <svg
      viewBox="0 0 64 40"
      width="64"
      height="40"
      role="img"
      aria-label={mark.name}
      className="payment-mark"
    >
      <rect
        x="0.5"
        y="0.5"
        width="63"
        height="39"
        rx="8"
        fill="var(--mark-background)"
        stroke="var(--color-border-strong)"
      />
      {mark.art}
    </svg>
  );
}
