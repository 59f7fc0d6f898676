import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import toast, { useToaster, type Toast } from 'react-hot-toast/headless';
import { DEFAULT_TOAST_MS } from './notify';
import { useToastColumnFit, useToastPlacement } from './toastPlacement';

const DISMISS_DRAG_PX = 80;

/**
 * At most this many toasts on screen: a form refused with fifteen failing fields would otherwise
 * bury the page (and its submit button) on a phone. Each field shows its own message anyway.
 */
export const MAX_VISIBLE_TOASTS = 3;

/** The staff header's height (AppLayout draws it exactly this tall; the checkout's is shorter). */
export const STAFF_HEADER_HEIGHT_PX = 64;

/**
 * The toast column starts below the header, so its links stay clickable. With no dialog open it is no
 * wider than the margin beside the forms' dialogs (42rem, centred), so one opened meanwhile stays
 * clear; with one open on a staff screen, it is fitted to that dialog, else kept below the screen's actions
 * (toastClearance.ts).
 */
const TOAST_TOP_PX = STAFF_HEADER_HEIGHT_PX + 12;
const TOAST_EDGE_PX = 16;
const TOAST_WIDEST_PX = 380;
const TOAST_MAX_WIDTH = `min(${TOAST_WIDEST_PX}px, max(240px, calc((100vw - 42rem) / 2 - 32px)))`;

const COLORS: Record<string, { background: string; border: string }> = {
  success: { background: '#f0fdf4', border: '#16a34a' },
  error: { background: '#fef2f2', border: '#dc2626' },
  blank: { background: '#f8fafc', border: '#475569' },
};

function ToastCard({ item, maxWidth }: { item: Toast; maxWidth: string }) {
  const [dragX, setDragX] = useState(0);
  const dragStart = useRef<number | null>(null);
  const colors = COLORS[item.type] ?? COLORS.blank;
  const message = typeof item.message === 'function' ? item.message(item) : item.message;

  const onPointerDown = (event: PointerEvent) => {
    dragStart.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (dragStart.current !== null) setDragX(event.clientX - dragStart.current);
  };
  const onPointerUp = () => {
    const dragged = Math.abs(dragX);
    dragStart.current = null;
    setDragX(0);
    // A drag past the threshold dismisses, a plain click too; a short drag just snaps back.
    if (dragged > DISMISS_DRAG_PX || dragged < 5) toast.dismiss(item.id);
  };

  return (
    <div
      {...item.ariaProps}
      role={item.type === 'error' ? 'alert' : 'status'}
      title="Clique ou arraste para fechar"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      style={{
        transform: `translateX(${dragX}px)`,
        opacity: 1 - Math.min(Math.abs(dragX) / 200, 0.6),
        background: colors.background,
        borderLeft: `4px solid ${colors.border}`,
        color: '#0f172a',
        boxShadow: '0 4px 12px rgba(15, 23, 42, 0.15)',
        borderRadius: 6,
        padding: '12px 16px',
        minWidth: 'min(260px, 100%)',
        maxWidth,
        fontSize: 14,
        cursor: 'pointer',
        touchAction: 'pan-y',
        userSelect: 'none',
      }}
    >
      {message}
    </div>
  );
}

/** Shows the newest few; older ones are dismissed rather than queued (they would pop up long after). */
function useNewestToasts(toasts: Toast[]): Toast[] {
  const visible = toasts.filter((item) => item.visible);
  // After every render (no dependencies): it does nothing unless more than the limit are visible.
  useEffect(() => {
    visible.slice(MAX_VISIBLE_TOASTS).forEach((item) => toast.dismiss(item.id));
  });
  return visible.slice(0, MAX_VISIBLE_TOASTS);
}

/**
 * The toast area at the top right (or where the page asked, see toastPlacement.ts): newest on top,
 * at most MAX_VISIBLE_TOASTS, closes on click or drag, pauses while hovered
 * and while the window has lost focus. It lives directly in <body> (once mounted: the prerenderer
 * has no document), where an open dialog's aria-hiding of the page skips it as a live region, so a
 * dialog's own error toasts are still announced.
 */
export function AppToaster() {
  // A dismissed toast is dropped from the store at once (react-hot-toast waits 1 s by default, for an
  // exit animation these cards do not have): its pending removal would otherwise outlive a remounted
  // toaster and take the next toast with the same text with it (the tests' case).
  const { toasts, handlers } = useToaster({ duration: DEFAULT_TOAST_MS, removeDelay: 1 });
  const { startPause, endPause } = handlers;
  const shown = useNewestToasts(toasts);
  const placement = useToastPlacement();
  const fit = useToastColumnFit(shown.map((item) => item.id).join(), TOAST_EDGE_PX, TOAST_TOP_PX, TOAST_WIDEST_PX);
  const maxWidth = fit.maxWidth === undefined ? TOAST_MAX_WIDTH : `${Math.min(fit.maxWidth, TOAST_WIDEST_PX)}px`;
  const [host, setHost] = useState<HTMLElement | null>(null);

  useEffect(() => setHost(document.body), []);

  useEffect(() => {
    window.addEventListener('blur', startPause);
    window.addEventListener('focus', endPause);
    return () => {
      window.removeEventListener('blur', startPause);
      window.removeEventListener('focus', endPause);
    };
  }, [startPause, endPause]);

  if (!host) return null;
  return createPortal(
    <div
      aria-live="polite"
      onMouseEnter={startPause}
      onMouseLeave={endPause}
      data-toaster
      style={{
        position: 'fixed',
        ...(placement === 'top-end' ? { top: fit.top ?? TOAST_TOP_PX } : { bottom: TOAST_EDGE_PX }),
        right: TOAST_EDGE_PX,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
      }}
    >
      {shown.map((item) => (
        <ToastCard key={item.id} item={item} maxWidth={maxWidth} />
      ))}
    </div>,
    host,
  );
}
