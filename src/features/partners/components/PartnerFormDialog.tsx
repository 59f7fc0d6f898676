import { GridItem, SimpleGrid } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useCreatePartnerMutation, useUpdatePartnerMutation } from '../../../api/partnersApi';
import { MaskedTextField } from '../../../components/forms/MaskedTextField';
import { TextField } from '../../../components/forms/TextField';
import { ChannelFormDialog } from '../../../components/channels/ChannelFormDialog';
import { ChannelPasswordField } from '../../../components/channels/ChannelPasswordField';
import { saveChannelRecord } from '../../../components/channels/saveChannelRecord';
import { useRefreshChannelLists } from '../../../components/channels/staleRecord';
import { awaitCurrentRecord, useLoadCurrentAfterStale } from '../../../components/staleRecord';
import { CHANNEL_LABELS as LABELS, PARTNER_TEXTS, type PartnerInput, type PartnerView } from '../../../domain/channels';
import { formatCnpj, normalizeCnpj } from '../../../domain/documents';
import { partnerSchema } from '../../../domain/validation/channels';
import { SwitchField } from '../../../components/forms/SwitchField';
import { LogoField } from './LogoField';

interface PartnerFormValues {
  nome: string;
  cnpj: string;
  email: string;
  senha: string;
  agencia: string;
  conta: string;
  digito: string;
  pix: string;
  ativo: boolean;
  logotipo: string | null;
  /** The version the form opened with (an edit), sent with the update. */
  versao?: number;
}

const initialValuesOf = (partner?: PartnerView): PartnerFormValues => ({
  nome: partner?.nome ?? '',
  cnpj: formatCnpj(partner?.cnpj),
  email: partner?.email ?? '',
  senha: '',
  agencia: partner?.agencia ?? '',
  conta: partner?.conta ?? '',
  digito: partner?.digito ?? '',
  pix: partner?.pix ?? '',
  ativo: partner?.ativo ?? true,
  logotipo: partner?.logotipo ?? null,
  versao: partner?.versao,
});

const { messages } = PARTNER_TEXTS;

/** 'Cadastrar Parceiro' / 'Editar Parceiro': mounted while open, so each opening starts fresh. */
export function PartnerFormDialog({ partner, onClose }: { partner?: PartnerView; onClose: () => void }) {
  const creating = !partner;
  const [createPartner] = useCreatePartnerMutation();
  const [updatePartner] = useUpdatePartnerMutation();
  const refreshLists = useRefreshChannelLists();

  const formik = useFormik<PartnerFormValues>({
    initialValues: initialValuesOf(partner),
    validationSchema: partnerSchema({ creating }),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values) => {
      const body: PartnerInput = {
        nome: values.nome.trim(),
        cnpj: normalizeCnpj(values.cnpj),
        email: values.email.trim(),
        agencia: values.agencia.trim() || null,
        conta: values.conta.trim() || null,
        digito: values.digito.trim() || null,
        pix: values.pix.trim() || null,
        ...(values.senha ? { senha: values.senha } : {}),
        // Only a status the user changed travels: an untouched switch never undoes another admin's (in)activation.
        ...(!creating && values.ativo !== formik.initialValues.ativo ? { ativo: values.ativo } : {}),
        ...(values.versao === undefined ? {} : { versao: values.versao }),
        // Only a new image (data URL) or a removal travels; an untouched logo stays as it is.
        ...(values.logotipo !== formik.initialValues.logotipo ? { logotipo: values.logotipo } : {}),
      };
      await saveChannelRecord(formik, {
        creating,
        messages,
        save: () => (partner ? updatePartner({ id: partner.id, body }).unwrap() : createPartner(body).unwrap()),
        onSaved: onClose,
        onStale: () => {
          awaitCurrentRecord(formik);
          refreshLists();
        },
      });
    },
  });
  useLoadCurrentAfterStale(formik, partner, initialValuesOf);

  return (
    <ChannelFormDialog formik={formik} texts={PARTNER_TEXTS} creating={creating} onClose={onClose}>
      <GridItem colSpan={{ base: 1, md: 2 }}>
        <LogoField />
      </GridItem>
      <GridItem colSpan={{ base: 1, md: 2 }}>
        <TextField name="nome" label={LABELS.nome} required autoComplete="organization" />
      </GridItem>
      <MaskedTextField name="cnpj" label={LABELS.cnpj} required mask="cnpj" autoCapitalize="characters" placeholder="00.000.000/0000-00" />
      <TextField name="email" label={LABELS.email} required type="email" autoComplete="off" />
      <ChannelPasswordField creating={creating} />
      <TextField name="pix" label={LABELS.pix} />
      <TextField name="agencia" label={LABELS.agencia} inputMode="numeric" />
      <SimpleGrid columns={2} gap="4">
        <TextField name="conta" label={LABELS.conta} inputMode="numeric" />
        <TextField name="digito" label={LABELS.digito} maxLength={2} />
      </SimpleGrid>
      {!creating && (
        <GridItem colSpan={{ base: 1, md: 2 }}>
          <SwitchField name="ativo" label={LABELS.ativo} offHint={PARTNER_TEXTS.inactivationEffect} />
        </GridItem>
      )}
    </ChannelFormDialog>
  );
}
