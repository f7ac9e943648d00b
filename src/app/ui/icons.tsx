/** Inline SVG icons drawn for the shell (no icon library). All use currentColor and are decorative. */
import type { SVGProps } from 'react';

export type P = SVGProps<SVGSVGElement> & { size?: number };

/** The frame every icon shares (24-unit box, currentColor strokes, hidden from assistive technology). */
export function Svg({ size = 20, children, ...rest }: P) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const IconBack = (p: P) => (
  <Svg {...p} className={`icon-directional ${p.className ?? ''}`}>
    <path d="M15 5l-7 7 7 7" />
  </Svg>
);
export const IconChevron = (p: P) => (
  <Svg {...p} className={`icon-directional ${p.className ?? ''}`}>
    <path d="M9 5l7 7-7 7" />
  </Svg>
);
export const IconHome = (p: P) => (
  <Svg {...p}>
    <path d="M3.5 10.5L12 3.5l8.5 7" />
    <path d="M5.5 9v10.5h13V9" />
    <path d="M10 19.5v-5h4v5" />
  </Svg>
);
export const IconMarkets = (p: P) => (
  <Svg {...p}>
    <path d="M4 19.5h16" />
    <path d="M7 16v-5M12 16V6M17 16v-8" />
  </Svg>
);
export const IconTrade = (p: P) => (
  <Svg {...p}>
    <path d="M7 4v16M4 8l3-4 3 4" />
    <path d="M17 20V4M14 16l3 4 3-4" />
  </Svg>
);
export const IconFinance = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M14.8 9.2c-.5-.9-1.5-1.4-2.8-1.4-1.6 0-2.7.8-2.7 2s1 1.7 2.7 2.1c1.8.4 2.9 1 2.9 2.3s-1.2 2.1-2.9 2.1c-1.4 0-2.5-.6-3-1.6M12 6v1.8M12 16.3V18" />
  </Svg>
);
export const IconWallet = (p: P) => (
  <Svg {...p}>
    <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
    <rect x="4" y="8" width="16" height="11" rx="2" />
    <path d="M15.5 13.5h1.5" />
  </Svg>
);
export const IconUser = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="8.5" r="3.8" />
    <path d="M4.5 20c1.2-3.5 4-5.2 7.5-5.2s6.3 1.7 7.5 5.2" />
  </Svg>
);
export const IconSearch = (p: P) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4 4" />
  </Svg>
);
export const IconGlobe = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.5 2.6 3.5 5.4 3.5 8.5s-1 5.9-3.5 8.5c-2.5-2.6-3.5-5.4-3.5-8.5s1-5.9 3.5-8.5z" />
  </Svg>
);
export const IconService = (p: P) => (
  <Svg {...p}>
    <path d="M4.5 13v-1a7.5 7.5 0 0 1 15 0v1" />
    <rect x="3.5" y="12.5" width="4" height="6" rx="1.5" />
    <rect x="16.5" y="12.5" width="4" height="6" rx="1.5" />
    <path d="M18.5 18.5c0 1.5-1.8 2.5-5 2.5" />
  </Svg>
);
export const IconDownload = (p: P) => (
  <Svg {...p}>
    <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5" />
    <path d="M5 19.5h14" />
  </Svg>
);
export const IconOption = (p: P) => (
  <Svg {...p}>
    <path d="M4 18l5-6 4 3 7-9" />
    <path d="M15 6h5v5" />
  </Svg>
);
export const IconFollow = (p: P) => (
  <Svg {...p}>
    <circle cx="9" cy="9" r="3.3" />
    <path d="M3 19c.9-3 3.2-4.5 6-4.5s5.1 1.5 6 4.5" />
    <path d="M16 5.5a3.3 3.3 0 0 1 0 6.6M18 14.8c1.4.7 2.4 2.1 3 4.2" />
  </Svg>
);
export const IconProxy = (p: P) => (
  <Svg {...p}>
    <rect x="3.5" y="6" width="17" height="13" rx="2" />
    <path d="M8.5 6V4.5h7V6M3.5 11.5h17" />
  </Svg>
);
export const IconRecharge = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5v9M8 12.5l4 4 4-4" />
  </Svg>
);
export const IconFutures = (p: P) => (
  <Svg {...p}>
    <path d="M4 16.5l4.5-4.5 3.5 3.5 7-7.5" />
    <path d="M4 20h16" />
  </Svg>
);
export const IconAssets = (p: P) => (
  <Svg {...p}>
    <path d="M12 3.5v8.5h8.5A8.5 8.5 0 1 1 12 3.5z" />
    <path d="M15 3.8a8.5 8.5 0 0 1 5.2 5.2H15z" />
  </Svg>
);
export const IconGift = (p: P) => (
  <Svg {...p}>
    <rect x="4" y="9" width="16" height="11" rx="1.5" />
    <path d="M3 9h18M12 9v11M12 9c-1.5-3.5-5.5-4-5.5-1.5S12 9 12 9zM12 9c1.5-3.5 5.5-4 5.5-1.5S12 9 12 9z" />
  </Svg>
);
export const IconClose = (p: P) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);
export const IconCheck = (p: P) => (
  <Svg {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Svg>
);
export const IconMenu = (p: P) => (
  <Svg {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Svg>
);
export const IconEmpty = (p: P) => (
  <Svg {...p} strokeWidth={1.4}>
    <path d="M4 13.5l2.5-7h11l2.5 7v5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5z" />
    <path d="M4 13.5h4.5a3.5 3.5 0 0 0 7 0H20" />
  </Svg>
);
export const IconShield = (p: P) => (
  <Svg {...p}>
    <path d="M12 3.5l7 2.8v5.2c0 4.3-2.9 7.7-7 9-4.1-1.3-7-4.7-7-9V6.3z" />
  </Svg>
);
export const IconShieldCheck = (p: P) => (
  <Svg {...p}>
    <path d="M12 3.5l7 2.8v5.2c0 4.3-2.9 7.7-7 9-4.1-1.3-7-4.7-7-9V6.3z" />
    <path d="M8.8 12.2l2.2 2.2 4.2-4.4" />
  </Svg>
);
export const IconMegaphone = (p: P) => (
  <Svg {...p}>
    <path d="M4 10v4h3l7 4V6L7 10z" />
    <path d="M17.5 9.5a3.5 3.5 0 0 1 0 5M7 14l1.2 5h2.3L9.6 14" />
  </Svg>
);
export const IconHelp = (p: P) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.6 9.5a2.5 2.5 0 0 1 4.8.9c0 1.7-2.4 2.1-2.4 3.6M12 16.8v.2" />
  </Svg>
);
