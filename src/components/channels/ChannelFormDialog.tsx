import { SimpleGrid } from '@chakra-ui/react';
import { FormikProvider, type FormikProps } from 'formik';
import type { ReactNode } from 'react';
import { CHANNEL_ACTIONS, type PARTNER_TEXTS } from '../../domain/channels';
import { FormDialog } from '../dialogs/FormDialog';
import { useSubmitOnce } from '../forms/useSubmitOnce';

interface ChannelFormDialogProps<Values> {
  formik: FormikProps<Values>;
  /** The screen's texts: 'Cadastrar …' and 'Editar …' titles. */
  texts: typeof PARTNER_TEXTS;
  creating: boolean;
  onClose: () => void;
  /** The fields, laid out in two columns from medium screens up. */
  children: ReactNode;
}

/** The create/edit dialog of a partner, branch or reseller: invalid fields become toasts before anything is sent. */
export function ChannelFormDialog<Values>({ formik, texts, creating, onClose, children }: ChannelFormDialogProps<Values>) {
  const { submit, submitting } = useSubmitOnce(formik);
  return (
    <FormikProvider value={formik}>
      <FormDialog
        open
        title={creating ? texts.createTitle : texts.editTitle}
        submitLabel={creating ? CHANNEL_ACTIONS.create : CHANNEL_ACTIONS.save}
        submitting={submitting}
        dirty={formik.dirty}
        onSubmit={() => void submit()}
        onClose={onClose}
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {children}
        </SimpleGrid>
      </FormDialog>
    </FormikProvider>
  );
}
