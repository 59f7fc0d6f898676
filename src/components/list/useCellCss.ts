import { useRecipe, useSlotRecipe, type SystemStyleObject } from '@chakra-ui/react';
import { useMemo } from 'react';
import { BADGE_PALETTES, CELL_CLASSES as C } from './cells';

const selector = (className: string) => `& .${className}`;
/** The body's rows and cells, as weighty as the one class Chakra's Table.Row and Table.Cell would give them. */
const ROWS = '& :where(tr)';
const CELLS = '& :where(tr > td)';

/** The widths below which a column may be left out (Column's `hideBelow`), each with its cells' rule. */
export const HIDE_BELOW = ['xl'] as const;
export type HideBelow = (typeof HIDE_BELOW)[number];

/**
 * The look of DataTable's body rows and cells (plain `tr` and `td`) and of the light cell elements
 * (cells.tsx), as nested rules for the body: one style object per table instead of one per element.
 * Built from Chakra's table recipe (line, sm: Table.Row and Table.Cell), and its button and badge
 * recipes, so they match the theme's IconButton (ghost, sm) and Badge (subtle).
 */
export function useCellCss(): SystemStyleObject {
  const table = useSlotRecipe({ key: 'table' });
  const button = useRecipe({ key: 'button' });
  const badge = useRecipe({ key: 'badge' });
  return useMemo(() => {
    const palettes = Object.fromEntries(BADGE_PALETTES.map((palette) => [`& [data-palette=${palette}]`, { colorPalette: palette }]));
    const { row, cell } = table({ variant: 'line', size: 'sm' });
    return {
      [ROWS]: row,
      [CELLS]: cell,
      // A column's alignment and its hiding on narrow screens (Column's align and hideBelow), a row's shade.
      '& :where(tr > td[data-align=end])': { textAlign: 'end' },
      '& :where(tr > td[data-align=center])': { textAlign: 'center' },
      ...Object.fromEntries(HIDE_BELOW.map((width) => [`& :where(tr > td[data-hide-below="${width}"])`, { hideBelow: width }])),
      '& :where(tr[data-tone=subtle])': { bg: 'bg.subtle' },
      [selector(C.muted)]: { color: 'fg.muted' },
      [selector(C.emphasis)]: { fontWeight: 'medium' },
      [selector(C.indented)]: { display: 'block', pl: '5' },
      [selector(C.visuallyHidden)]: { srOnly: true },
      [selector(C.note)]: { display: 'block', fontSize: 'xs', color: 'fg.muted' },
      [selector(C.noWrap)]: { whiteSpace: 'nowrap' },
      [selector(C.actions)]: { display: 'flex', gap: '1', justifyContent: 'flex-end' },
      // Chakra's IconButton: the button recipe without padding, its icon a little larger.
      [selector(C.action)]: { ...button({ variant: 'ghost', size: 'sm' }), px: '0', py: '0', _icon: { fontSize: '1.2em' } },
      [selector(C.badge)]: { ...badge({ variant: 'subtle' }), cursor: 'inherit' },
      [selector(C.toggle)]: {
        display: 'inline-flex',
        padding: '0',
        border: 'none',
        background: 'none',
        cursor: 'pointer',
        borderRadius: 'l2',
        focusVisibleRing: 'outside',
        _disabled: { layerStyle: 'disabled' },
      },
      ...palettes,
    } as SystemStyleObject;
  }, [table, button, badge]);
}
