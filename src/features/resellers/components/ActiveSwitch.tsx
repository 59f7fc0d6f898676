import { Switch } from '@chakra-ui/react';
import { useField } from 'formik';
import { CHANNEL_LABELS } from '../../../domain/channels';

/** The edit form's 'Ativo' toggle (formik field `ativo`). */
export function ActiveSwitch() {
  const [field, , helpers] = useField<boolean>('ativo');
  return (
    <Switch.Root colorPalette="teal" checked={field.value} onCheckedChange={(event) => void helpers.setValue(Boolean(event.checked))}>
      <Switch.HiddenInput name="ativo" />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{CHANNEL_LABELS.ativo}</Switch.Label>
    </Switch.Root>
  );
}
