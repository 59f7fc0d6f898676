import { Button } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';

/** A list page's create button ('Novo Parceiro', 'Nova Consulta'…): in its header, and again in an empty list. */
export function CreateButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button colorPalette="teal" onClick={onClick}>
      <LuPlus aria-hidden /> {label}
    </Button>
  );
}
