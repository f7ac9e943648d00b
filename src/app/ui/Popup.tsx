/**
 * Popup layer: a centred dialog or a bottom sheet (phones). Layers start at z-index 2000 (spec 9.3a)
 * and each newly opened one stacks above the previous. Escape and the backdrop close it; focus moves
 * into it and returns to the opener on close.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { POPUP_Z_INDEX_BASE } from '../../shared/constants';
import { IconClose } from './icons';
import './ui.css';
import { clock } from '../time/clock';

let openCount = 0;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the open layer (it is modal). */
function trapFocus(e: KeyboardEvent, panel: HTMLElement | null): void {
  if (!panel) return;
  const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (e.shiftKey && (active === first || active === panel || !panel.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !panel.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

export interface PopupProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** 'sheet' slides from the bottom on phones; 'dialog' is centred. */
  variant?: 'dialog' | 'sheet';
  /** What gets the focus on open (e.g. the safe choice of a confirmation); the panel itself by default. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Id of the element that describes the dialog (its question). */
  describedBy?: string;
}

export function Popup({ open, onClose, title, children, variant = 'dialog', initialFocus, describedBy }: PopupProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [z, setZ] = useState(POPUP_Z_INDEX_BASE);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const focusRef = useRef(initialFocus);
  focusRef.current = initialFocus;

  useEffect(() => {
    if (!open) return;
    setZ(POPUP_Z_INDEX_BASE + openCount++);
    const opener = document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeRef.current();
      else if (e.key === 'Tab') trapFocus(e, panel.current);
    };
    document.addEventListener('keydown', onKey);
    clock.requestFrame(() => (focusRef.current?.current ?? panel.current)?.focus());
    return () => {
      openCount--;
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [open]);

  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <div className={`popup popup--${variant}`} style={{ zIndex: z }}>
      <div className="popup__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        className="popup__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        ref={panel}
      >
        <div className="popup__head">
          <h2 id={titleId} className="popup__title">
            {title}
          </h2>
          <button type="button" className="popup__close" onClick={onClose} aria-label={t('ui.close')}>
            <IconClose size={20} />
          </button>
        </div>
        <div className="popup__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
