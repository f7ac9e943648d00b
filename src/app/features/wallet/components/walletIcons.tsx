/** The wallet's action icons, drawn in the shell's icon frame (currentColor, decorative). */
import { Svg, type P } from '../../../ui/icons';

export const IconDeposit = (p: P) => (
  <Svg {...p}>
    <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5M5 19h14" />
  </Svg>
);
export const IconWithdraw = (p: P) => (
  <Svg {...p}>
    <path d="M12 15V4M7.5 8.5L12 4l4.5 4.5M5 19h14" />
  </Svg>
);
export const IconTransfer = (p: P) => (
  <Svg {...p}>
    <path d="M4 8h14l-3.5-3.5M20 16H6l3.5 3.5" />
  </Svg>
);
export const IconConvert = (p: P) => (
  <Svg {...p}>
    <path d="M19.5 9A8 8 0 0 0 5 7.5M4.5 15A8 8 0 0 0 19 16.5M5 3.5v4h4M19 20.5v-4h-4" />
  </Svg>
);
export const IconRecords = (p: P) => (
  <Svg {...p}>
    <path d="M7 3.5h7.5L19 8v12.5H7zM14.5 3.5V8H19M10 12h6M10 15.5h6" />
  </Svg>
);
export const IconEye = (p: P) => (
  <Svg {...p}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);
export const IconEyeOff = (p: P) => (
  <Svg {...p}>
    <path d="M4 4l16 16M9.9 5.8A9.6 9.6 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-3 3.7M6.3 7.4A15.6 15.6 0 0 0 2.5 12S6 18.5 12 18.5a9 9 0 0 0 4-.9M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Svg>
);
const IconSwapVertical = (p: P) => (
  <Svg {...p}>
    <path d="M8 4v16M8 4L4.5 7.5M8 4l3.5 3.5M16 20V4M16 20l-3.5-3.5M16 20l3.5-3.5" />
  </Svg>
);

/** The round button that swaps the two sides (the transfer's accounts, the flash exchange's coins). */
export const SwapButton = (p: { label: string; onClick: () => void; testId: string }) => (
  <button type="button" className="transfer__swap" onClick={p.onClick} aria-label={p.label} data-testid={p.testId}>
    <IconSwapVertical size={20} />
  </button>
);
