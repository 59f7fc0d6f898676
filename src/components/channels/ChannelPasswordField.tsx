import { CHANNEL_LABELS as LABELS } from '../../domain/channels';
import { TextField } from '../forms/TextField';

/** A channel account's 'Senha': required to create; left blank on edit, it keeps the current one. */
export function ChannelPasswordField({ creating }: { creating: boolean }) {
  return (
    <TextField
      name="senha"
      label={LABELS.senha}
      required={creating}
      type="password"
      autoComplete="new-password"
      helperText={creating ? undefined : LABELS.senhaEditHint}
    />
  );
}
