import { useFormik } from 'formik';
import { useGetBranchOptionsQuery } from '../../../api/branchesApi';
import { useGetPartnerOptionsQuery } from '../../../api/partnersApi';
import { useCreateResellerMutation, useUpdateResellerMutation } from '../../../api/resellersApi';
import { SelectField } from '../../../components/forms/SelectField';
import { MaskedTextField } from '../../../components/forms/MaskedTextField';
import { TextField } from '../../../components/forms/TextField';
import { ChannelFormDialog } from '../../../components/channels/ChannelFormDialog';
import { ChannelPasswordField } from '../../../components/channels/ChannelPasswordField';
import { saveChannelRecord } from '../../../components/channels/saveChannelRecord';
import { useRefreshChannelLists } from '../../../components/channels/staleRecord';
import { awaitCurrentRecord, useLoadCurrentAfterStale } from '../../../components/staleRecord';
import { CHANNEL_LABELS as LABELS, RESELLER_TEXTS, type Reseller, type ResellerInput } from '../../../domain/channels';
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
  /** The version the form opened with (an edit), sent with the update. */
  versao?: number;
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
  const refreshLists = useRefreshChannelLists();

  const valuesOf = (record?: Reseller): ResellerFormValues => ({
    id_parceiro: String(record?.id_parceiro ?? (partnerUser ? user?.id : '')),
    id_filial: String(record?.id_filial ?? (branchUser ? user?.id : '')),
    nome: record?.nome ?? '',
    cpf: formatCpf(record?.cpf),
    cargo: record?.cargo ?? '',
    email: record?.email ?? '',
    pix: record?.pix ?? '',
    senha: '',
    ativo: record?.ativo ?? true,
    versao: record?.versao,
  });

  const formik = useFormik<ResellerFormValues>({
    initialValues: valuesOf(reseller),
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
        // Only a status the user changed travels: an untouched switch never undoes another admin's (in)activation.
        ...(!creating && values.ativo !== formik.initialValues.ativo ? { ativo: values.ativo } : {}),
        ...(values.versao === undefined ? {} : { versao: values.versao }),
      };
      await saveChannelRecord(formik, {
        creating,
        messages,
        save: () => (reseller ? updateReseller({ id: reseller.id, body }).unwrap() : createReseller(body).unwrap()),
        onSaved: onClose,
        onStale: () => {
          awaitCurrentRecord(formik);
          refreshLists();
        },
      });
    },
  });
  useLoadCurrentAfterStale(formik, reseller, valuesOf);

  const { data: partnerOptions, isFetching: loadingPartners } = useGetPartnerOptionsQuery(undefined, { skip: !choosesPartner });
  const partnerId = Number(formik.values.id_parceiro) || undefined;
  // `currentData`: while another partner's branches load, the previous partner's are never offered.
  const { currentData: branchOptions, isFetching: loadingBranches } = useGetBranchOptionsQuery(partnerId ?? 0, {
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
    <ChannelFormDialog formik={formik} texts={RESELLER_TEXTS} creating={creating} onClose={onClose}>
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
      <MaskedTextField name="cpf" label={LABELS.cpf} required mask="cpf" inputMode="numeric" placeholder="000.000.000-00" />
      <TextField name="cargo" label={LABELS.cargo} />
      <TextField name="email" label={LABELS.email} required type="email" autoComplete="off" />
      <TextField name="pix" label={LABELS.pix} />
      <ChannelPasswordField creating={creating} />
      {!creating && <SwitchField name="ativo" label={LABELS.ativo} offHint={RESELLER_TEXTS.inactivationEffect} />}
    </ChannelFormDialog>
  );
}
