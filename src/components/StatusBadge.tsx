import { Badge } from '@chakra-ui/react';
import { CellBadge, CellToggle } from './list/cells';

interface StatusToggleProps {
  active: boolean;
  /** Name of the record, for the button's accessible label. */
  name: string;
  onToggle: () => void;
  disabled?: boolean;
}

/**
 * The 'Ativo'/'Inativo' badge of partners, branches, resellers and beneficiaries in their lists; a
 * click asks to flip it. A DataTable cell (light elements, styled by the table).
 */
export function StatusToggle({ active, name, onToggle, disabled }: StatusToggleProps) {
  return (
    <CellToggle
      onClick={onToggle}
      disabled={disabled}
      label={`${active ? 'Ativo' : 'Inativo'}: clique para ${active ? 'inativar' : 'ativar'} ${name}`}
      title={active ? 'Clique para inativar' : 'Clique para ativar'}
    >
      <CellBadge palette={active ? 'green' : 'red'}>{active ? 'Ativo' : 'Inativo'}</CellBadge>
    </CellToggle>
  );
}

/** A read-only coloured status label, outside tables (a record's details). */
export function StatusLabel({ label, color }: { label: string; color: string }) {
  return (
    <Badge colorPalette={color} variant="subtle">
      {label}
    </Badge>
  );
}
