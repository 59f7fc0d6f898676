import { HStack, IconButton } from '@chakra-ui/react';
import { LuEye, LuPencil, LuTrash2 } from 'react-icons/lu';
import { CHANNEL_ACTIONS } from '../../../domain/channels';

/** A row's view, edit and delete buttons, named after the record for screen readers. */
export function RowActions({
  name,
  onView,
  onEdit,
  onDelete,
}: {
  name: string;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <HStack gap="1" justify="flex-end">
      <IconButton size="sm" variant="ghost" aria-label={CHANNEL_ACTIONS.view(name)} title="Ver detalhes" onClick={onView}>
        <LuEye />
      </IconButton>
      <IconButton size="sm" variant="ghost" aria-label={CHANNEL_ACTIONS.edit(name)} title="Editar" onClick={onEdit}>
        <LuPencil />
      </IconButton>
      <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={CHANNEL_ACTIONS.delete(name)} title="Remover" onClick={onDelete}>
        <LuTrash2 />
      </IconButton>
    </HStack>
  );
}
