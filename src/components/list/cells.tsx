import type { ReactNode } from 'react';

/**
 * Light content for list cells, for use inside DataTable only. A list page draws a few hundred cell
 * elements at once, and every Chakra element computes, serialises and hashes its styles as it renders:
 * most of a list's first render (issue 8, bench/README.md). These are plain elements; their look comes
 * from one set of rules on DataTable's body (`useCellCss`), built from the same Chakra recipes.
 */
export const CELL_CLASSES = {
  muted: 'cell-muted',
  emphasis: 'cell-emphasis',
  indented: 'cell-indented',
  visuallyHidden: 'cell-visually-hidden',
  note: 'cell-note',
  noWrap: 'cell-nowrap',
  actions: 'cell-actions',
  action: 'cell-action',
  badge: 'cell-badge',
  toggle: 'cell-toggle',
} as const;

/** The colour palettes a cell badge may take (the statuses' colours; see domain/care.ts). */
export const BADGE_PALETTES = ['gray', 'red', 'yellow', 'green', 'blue'] as const;
export type BadgePalette = (typeof BADGE_PALETTES)[number];

/** Secondary text in gray ('Sem revendedor', '—'). */
export function MutedText({ children }: { children: ReactNode }) {
  return <span className={CELL_CLASSES.muted}>{children}</span>;
}

/** The row's main text, a little bolder (a holder's name). */
export function Emphasis({ children }: { children: ReactNode }) {
  return <span className={CELL_CLASSES.emphasis}>{children}</span>;
}

/** Content set in under the row above (a dependent under their holder). */
export function Indented({ children }: { children: ReactNode }) {
  return <span className={CELL_CLASSES.indented}>{children}</span>;
}

/** Text for screen readers only. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={CELL_CLASSES.visuallyHidden}>{children}</span>;
}

/** A small gray line under the cell's main text (a reseller's branch). */
export function CellNote({ children }: { children: ReactNode }) {
  return <span className={CELL_CLASSES.note}>{children}</span>;
}

/** Text that must not wrap (a CPF, a date and time). */
export function NoWrap({ children }: { children: ReactNode }) {
  return <span className={CELL_CLASSES.noWrap}>{children}</span>;
}

interface RowActionButtonProps {
  /** The accessible name, naming the record ('Editar Vida Plena'). */
  label: string;
  title: string;
  onClick: () => void;
  /** Red, for removing or cancelling. */
  danger?: boolean;
  children: ReactNode;
}

/** A row's buttons, side by side at the cell's end. */
export function RowActionGroup({ children }: { children: ReactNode }) {
  return <span className={CELL_CLASSES.actions}>{children}</span>;
}

/** A row's icon button (Chakra's ghost IconButton, size sm). */
export function RowActionButton({ label, title, onClick, danger, children }: RowActionButtonProps) {
  return (
    <button
      type="button"
      className={CELL_CLASSES.action}
      data-palette={danger ? 'red' : undefined}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A coloured label (Chakra's subtle Badge). */
export function CellBadge({ palette, children }: { palette: BadgePalette; children: ReactNode }) {
  return (
    <span className={CELL_CLASSES.badge} data-palette={palette}>
      {children}
    </span>
  );
}

/**
 * Content wrapped by a button with no look of its own (the status badge that flips a record). While
 * disabled it ignores clicks but keeps the focus (aria-disabled): a disabled button would drop it to
 * the page's start in the middle of the user's keyboard path.
 */
export function CellToggle(props: { label: string; title: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  const { label, title, onClick, disabled, children } = props;
  return (
    <button
      type="button"
      className={CELL_CLASSES.toggle}
      aria-label={label}
      title={title}
      onClick={disabled ? undefined : onClick}
      aria-disabled={disabled || undefined}
    >
      {children}
    </button>
  );
}
