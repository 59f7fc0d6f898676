import { SimpleGrid } from '@chakra-ui/react';
import { FormikProvider, useFormik } from 'formik';
import { fieldErrors } from '../../../api/apiSlice';
import { useGetBranchOptionsQuery } from '../../../api/branchesApi';
import { useGetPartnerOptionsQuery } from '../../../api/partnersApi';
import { useCreateResellerMutation, useUpdateResellerMutation } from '../../../api/resellersApi';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { SelectField } from '../../../components/forms/SelectField';
import { submitWithToasts } from '../../../components/forms/submitWithToasts';
import { TextField } from '../../../components/forms/TextField';
import { notify } from '../../../components/toast/notify';
import {
  CHANNEL_LABELS,
  CHANNEL_ACTIONS,
  CHANNEL_LABELS as LABELS,
  EMAIL_TAKEN,
  failureMessage,
  RESELLER_TEXTS,
  type Reseller,
  type ResellerInput,
} from '../../../domain/channels';
import { formatCpf, onlyDigits } from '../../../domain/documents';
import { resellerSchema } from '../../../domain/validation/channels';
import { useAppSelector } from '../../../app/hooks';
import { selectSessionUser } from '../selectors';
import { SwitchField } from '../../../components/forms/SwitchField';

interface ResellerFormValues {
  id_parceiro: string;
  id_filial: string;
  nome: string;
  cpf: string;
  cargo: string;
  email: string;
  pix: string;
  senha: string;
  ativo: boolean;
}

const { messages } = RESELLER_TEXTS;

/**
 * 'Cadastrar Revendedor' / 'Editar Revendedor'. Administrators pick the partner, then one of its
 * branches; partner users get their partner preset and pick among their branches; branch users get
 * their branch preset and no picker.
 */
export function ResellerFormDialog({ reseller, onClose }: { reseller?: Reseller; onClose: () => void }) {
  const creating = !reseller;
  const user = useAppSelector(selectSessionUser);
  const partnerUser = user?.userType === 'PARCEIRO';
  const branchUser = user?.userType === 'FILIAL';
  const choosesPartner = !partnerUser && !branchUser;
  const [createReseller] = useCreateResellerMutation();
  const [updateReseller] = useUpdateResellerMutation();

  const formik = useFormik<ResellerFormValues>({
    initialValues: {
      id_parceiro: String(reseller?.id_parceiro ?? (partnerUser ? user?.id : '')),
      id_filial: String(reseller?.id_filial ?? (branchUser ? user?.id : '')),
      nome: reseller?.nome ?? '',
      cpf: formatCpf(reseller?.cpf),
      cargo: reseller?.cargo ?? '',
      email: reseller?.email ?? '',
      pix: reseller?.pix ?? '',
      senha: '',
      ativo: reseller?.ativo ?? true,
    },
    validationSchema: resellerSchema({ creating, withPartner: choosesPartner, withBranch: !branchUser }),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values) => {
      const body: ResellerInput = {
        ...(branchUser ? {} : { id_parceiro: Number(values.id_parceiro) }),
        id_filial: Number(values.id_filial),
        nome: values.nome.trim(),
        cpf: onlyDigits(values.cpf),
        cargo: values.cargo.trim() || null,
        email: values.email.trim(),
        pix: values.pix.trim() || null,
        ...(values.senha ? { senha: values.senha } : {}),
        ...(creating ? {} : { ativo: values.ativo }),
      };
      try {
        const answer = creating ? await createReseller(body).unwrap() : await updateReseller({ id: reseller.id, body }).unwrap();
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

  const { data: partnerOptions, isFetching: loadingPartners } = useGetPartnerOptionsQuery(undefined, { skip: !choosesPartner });
  const partnerId = Number(formik.values.id_parceiro) || undefined;
  const { data: branchOptions, isFetching: loadingBranches } = useGetBranchOptionsQuery(partnerId ?? 0, {
    skip: branchUser || partnerId === undefined,
  });

  const partnerChoices = (partnerOptions ?? []).map((partner) => ({
    value: String(partner.id),
    label: partner.ativo ? partner.nome : LABELS.inactiveOption(partner.nome),
  }));
  const branchChoices = partnerId
    ? (branchOptions ?? []).map((branch) => ({
        value: String(branch.id),
        label: branch.ativo ? branch.titulo : LABELS.inactiveBranchOption(branch.titulo),
      }))
    : [];
  const branchPlaceholder = !partnerId ? LABELS.choosePartnerFirst : loadingBranches ? 'Carregando...' : LABELS.chooseBranch;

  return (
    <FormikProvider value={formik}>
      <FormDialog
        open
        title={creating ? RESELLER_TEXTS.createTitle : RESELLER_TEXTS.editTitle}
        submitLabel={creating ? CHANNEL_ACTIONS.create : CHANNEL_ACTIONS.save}
        submitting={formik.isSubmitting}
        dirty={formik.dirty}
        onSubmit={() => void submitWithToasts(formik)}
        onClose={onClose}
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {choosesPartner && (
            <SelectField
              name="id_parceiro"
              label={LABELS.parceiro}
              required
              options={partnerChoices}
              placeholder={loadingPartners ? 'Carregando...' : LABELS.choosePartner}
              // The branch belongs to the partner: a new partner means choosing the branch again.
              onValueChange={() => void formik.setFieldValue('id_filial', '', false)}
            />
          )}
          {!branchUser && (
            <SelectField
              name="id_filial"
              label={LABELS.filial}
              required
              disabled={!partnerId}
              options={branchChoices}
              placeholder={branchPlaceholder}
            />
          )}
          <TextField name="nome" label={LABELS.nome} required autoComplete="off" />
          <TextField name="cpf" label={LABELS.cpf} required format={formatCpf} inputMode="numeric" placeholder="000.000.000-00" />
          <TextField name="cargo" label={LABELS.cargo} />
          <TextField name="email" label={LABELS.email} required type="email" autoComplete="off" />
          <TextField name="pix" label={LABELS.pix} />
          <TextField
            name="senha"
            label={LABELS.senha}
            required={creating}
            type="password"
            autoComplete="new-password"
            helperText={creating ? undefined : LABELS.senhaEditHint}
          />
          {!creating && <SwitchField name="ativo" label={CHANNEL_LABELS.ativo} />}
        </SimpleGrid>
      </FormDialog>
    </FormikProvider>
  );
}
