import { GridItem } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useCreateBranchMutation, useUpdateBranchMutation } from '../../../api/branchesApi';
import { useGetPartnerOptionsQuery } from '../../../api/partnersApi';
import { SelectField } from '../../../components/forms/SelectField';
import { TextField } from '../../../components/forms/TextField';
import { ChannelFormDialog } from '../../../components/channels/ChannelFormDialog';
import { ChannelPasswordField } from '../../../components/channels/ChannelPasswordField';
import { saveChannelRecord } from '../../../components/channels/saveChannelRecord';
import { useRefreshChannelLists } from '../../../components/channels/staleRecord';
import { awaitCurrentRecord, useLoadCurrentAfterStale } from '../../../components/staleRecord';
import { BRANCH_TEXTS, CHANNEL_LABELS as LABELS, type Branch, type BranchInput } from '../../../domain/channels';
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
  /** The version the form opened with (an edit), sent with the update. */
  versao?: number;
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
  const refreshLists = useRefreshChannelLists();

  const valuesOf = (record?: Branch): BranchFormValues => ({
    id_parceiro: String(record?.id_parceiro ?? (partnerUser ? user?.id : '')),
    titulo: record?.titulo ?? '',
    apelido: record?.apelido ?? '',
    endereco: record?.endereco ?? '',
    email: record?.email ?? '',
    senha: '',
    ativo: record?.ativo ?? true,
    versao: record?.versao,
  });

  const formik = useFormik<BranchFormValues>({
    initialValues: valuesOf(branch),
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
        // Only a status the user changed travels: an untouched switch never undoes another admin's (in)activation.
        ...(!creating && values.ativo !== formik.initialValues.ativo ? { ativo: values.ativo } : {}),
        ...(values.versao === undefined ? {} : { versao: values.versao }),
      };
      await saveChannelRecord(formik, {
        creating,
        messages,
        save: () => (branch ? updateBranch({ id: branch.id, body }).unwrap() : createBranch(body).unwrap()),
        onSaved: onClose,
        onStale: () => {
          awaitCurrentRecord(formik);
          refreshLists();
        },
      });
    },
  });
  useLoadCurrentAfterStale(formik, branch, valuesOf);

  const partnerChoices = (partnerOptions ?? []).map((partner) => ({
    value: String(partner.id),
    label: partner.ativo ? partner.nome : LABELS.inactiveOption(partner.nome),
  }));

  return (
    <ChannelFormDialog formik={formik} texts={BRANCH_TEXTS} creating={creating} onClose={onClose}>
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
      <ChannelPasswordField creating={creating} />
      <GridItem colSpan={{ base: 1, md: 2 }}>
        <TextField name="endereco" label={LABELS.endereco} autoComplete="street-address" />
      </GridItem>
      {!creating && (
        <GridItem colSpan={{ base: 1, md: 2 }}>
          <SwitchField name="ativo" label={LABELS.ativo} offHint={BRANCH_TEXTS.inactivationEffect} />
        </GridItem>
      )}
    </ChannelFormDialog>
  );
}
