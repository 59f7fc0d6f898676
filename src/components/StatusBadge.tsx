import { Badge, Button } from '@chakra-ui/react';

interface StatusToggleProps {
  active: boolean;
  /** Name of the record, for the button's accessible label. */
  name: string;
  onToggle: () => void;
  disabled?: boolean;
}

/** The 'Ativo'/'Inativo' badge of partners, branches, resellers and beneficiaries; a click asks to flip it. */
export function StatusToggle({ active, name, onToggle, disabled }: StatusToggleProps) {
  return (
    <Button
      variant="plain"
      size="xs"
      p="0"
      h="auto"
      minW="0"
      onClick={onToggle}
      disabled={disabled}
      aria-label={`${active ? 'Ativo' : 'Inativo'}: clique para ${active ? 'inativar' : 'ativar'} ${name}`}
      title={active ? 'Clique para inativar' : 'Clique para ativar'}
    >
      <Badge colorPalette={active ? 'green' : 'red'} variant="subtle" cursor="pointer">
        {active ? 'Ativo' : 'Inativo'}
      </Badge>
    </Button>
  );
}

/** A read-only coloured status label (appointments, referrals). */
export function StatusLabel({ label, color }: { label: string; color: string }) {
  return (
    <Badge colorPalette={color} variant="subtle">
      {label}
    </Badge>
  );
}
