import { HStack, IconButton } from '@chakra-ui/react';
import { LuEye, LuPencil, LuTrash2 } from 'react-icons/lu';

interface RowActionsProps {
  /** The record's name, for the buttons' accessible names ('Editar Vida Plena'). */
  name: string;
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** A row's view, edit and delete buttons (each only when its handler is given). */
export function RowActions({ name, onView, onEdit, onDelete }: RowActionsProps) {
  return (
    <HStack gap="1" justify="flex-end">
      {onView && (
        <IconButton size="sm" variant="ghost" aria-label={`Ver detalhes de ${name}`} title="Ver detalhes" onClick={onView}>
          <LuEye />
        </IconButton>
      )}
      {onEdit && (
        <IconButton size="sm" variant="ghost" aria-label={`Editar ${name}`} title="Editar" onClick={onEdit}>
          <LuPencil />
        </IconButton>
      )}
      {onDelete && (
        <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Remover ${name}`} title="Remover" onClick={onDelete}>
          <LuTrash2 />
        </IconButton>
      )}
    </HStack>
  );
}
