import { GridItem, SimpleGrid } from '@chakra-ui/react';
import { FormikProvider, useFormik } from 'formik';
import { fieldErrors } from '../../../api/apiSlice';
import { useCreateBranchMutation, useUpdateBranchMutation } from '../../../api/branchesApi';
import { useGetPartnerOptionsQuery } from '../../../api/partnersApi';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { SelectField } from '../../../components/forms/SelectField';
import { submitWithToasts } from '../../../components/forms/submitWithToasts';
import { TextField } from '../../../components/forms/TextField';
import { notify } from '../../../components/toast/notify';
import {
  CHANNEL_LABELS,
  BRANCH_TEXTS,
  CHANNEL_ACTIONS,
  CHANNEL_LABELS as LABELS,
  EMAIL_TAKEN,
  failureMessage,
  type Branch,
  type BranchInput,
} from '../../../domain/channels';
import { branchSchema } from '../../../domain/validation/channels';
import { useAppSelector } from '../../../app/hooks';
import { selectSessionUser } from '../selectors';
import { SwitchField } from '../../../components/forms/SwitchField';

interface BranchFormValues {
  id_parceiro: string;
  titulo: string;
  apelido: string;
  endereco: string;
  email: string;
  senha: string;
  ativo: boolean;
}

const { messages } = BRANCH_TEXTS;

/**
 * 'Cadastrar Filial' / 'Editar Filial'. Administrators choose the partner; a partner user's branch
 * is preset to its own partner and the picker is not shown.
 */
export function BranchFormDialog({ branch, onClose }: { branch?: Branch; onClose: () => void }) {
  const creating = !branch;
  const user = useAppSelector(selectSessionUser);
  const partnerUser = user?.userType === 'PARCEIRO';
  const { data: partnerOptions, isFetching: loadingPartners } = useGetPartnerOptionsQuery(undefined, { skip: partnerUser });
  const [createBranch] = useCreateBranchMutation();
  const [updateBranch] = useUpdateBranchMutation();

  const formik = useFormik<BranchFormValues>({
    initialValues: {
      id_parceiro: String(branch?.id_parceiro ?? (partnerUser ? user?.id : '')),
      titulo: branch?.titulo ?? '',
      apelido: branch?.apelido ?? '',
      endereco: branch?.endereco ?? '',
      email: branch?.email ?? '',
      senha: '',
      ativo: branch?.ativo ?? true,
    },
    validationSchema: branchSchema({ creating, withPartner: !partnerUser }),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values) => {
      const body: BranchInput = {
        id_parceiro: Number(values.id_parceiro),
        titulo: values.titulo.trim(),
        apelido: values.apelido.trim() || null,
        endereco: values.endereco.trim() || null,
        email: values.email.trim(),
        ...(values.senha ? { senha: values.senha } : {}),
        ...(creating ? {} : { ativo: values.ativo }),
      };
      try {
        const answer = creating ? await createBranch(body).unwrap() : await updateBranch({ id: branch.id, body }).unwrap();
        notify.success(answer.message || (creating ? messages.created : messages.updated));
        onClose();
      } catch (error) {
        const fields = { ...fieldErrors(error) };
        const message = failureMessage(error, creating ? messages.createError : messages.updateError);
        if (message === EMAIL_TAKEN) fields.email = EMAIL_TAKEN;
        if (Object.keys(fields).length) {
          formik.setErrors(fields);
          formik.setTouched(Object.fromEntries(Object.keys(fields).map((name) => [name, true])), false);
          Object.values(fields).forEach((fieldMessage) => notify.error(fieldMessage));
        } else {
          notify.error(message);
        }
      }
    },
  });

  const partnerChoices = (partnerOptions ?? []).map((partner) => ({
    value: String(partner.id),
    label: partner.ativo ? partner.nome : LABELS.inactiveOption(partner.nome),
  }));

  return (
    <FormikProvider value={formik}>
      <FormDialog
        open
        title={creating ? BRANCH_TEXTS.createTitle : BRANCH_TEXTS.editTitle}
        submitLabel={creating ? CHANNEL_ACTIONS.create : CHANNEL_ACTIONS.save}
        submitting={formik.isSubmitting}
        dirty={formik.dirty}
        onSubmit={() => void submitWithToasts(formik)}
        onClose={onClose}
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {!partnerUser && (
            <GridItem colSpan={{ base: 1, md: 2 }}>
              <SelectField
                name="id_parceiro"
                label={LABELS.parceiro}
                required
                options={partnerChoices}
                placeholder={loadingPartners ? 'Carregando...' : LABELS.choosePartner}
              />
            </GridItem>
          )}
          <TextField name="titulo" label={LABELS.titulo} required />
          <TextField name="apelido" label={LABELS.apelido} />
          <TextField name="email" label={LABELS.email} required type="email" autoComplete="off" />
          <TextField
            name="senha"
            label={LABELS.senha}
            required={creating}
            type="password"
            autoComplete="new-password"
            helperText={creating ? undefined : LABELS.senhaEditHint}
          />
          <GridItem colSpan={{ base: 1, md: 2 }}>
            <TextField name="endereco" label={LABELS.endereco} autoComplete="street-address" />
          </GridItem>
          {!creating && (
            <GridItem colSpan={{ base: 1, md: 2 }}>
              <SwitchField name="ativo" label={CHANNEL_LABELS.ativo} />
            </GridItem>
          )}
        </SimpleGrid>
      </FormDialog>
    </FormikProvider>
  );
}
