import { LuEye, LuPencil, LuTrash2 } from 'react-icons/lu';
import { RowActionButton, RowActionGroup } from './cells';

interface RowActionsProps {
  /** The record's name, for the buttons' accessible names ('Editar Vida Plena'). */
  name: string;
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** A row's view, edit and delete buttons (each only when its handler is given), inside a DataTable. */
export function RowActions({ name, onView, onEdit, onDelete }: RowActionsProps) {
  return (
    <RowActionGroup>
      {onView && (
        <RowActionButton label={`Ver detalhes de ${name}`} title="Ver detalhes" onClick={onView}>
          <LuEye />
        </RowActionButton>
      )}
      {onEdit && (
        <RowActionButton label={`Editar ${name}`} title="Editar" onClick={onEdit}>
          <LuPencil />
        </RowActionButton>
      )}
      {onDelete && (
        <RowActionButton danger label={`Remover ${name}`} title="Remover" onClick={onDelete}>
          <LuTrash2 />
        </RowActionButton>
      )}
    </RowActionGroup>
  );
}
