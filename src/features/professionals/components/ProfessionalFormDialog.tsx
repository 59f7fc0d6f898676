import { GridItem, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { FormikProvider, useFormik } from 'formik';
import type { ReactNode } from 'react';
import { errorMessage, fieldErrors, refusalMessage } from '../../../api/failures';
import { useCreateProfessionalMutation, useUpdateProfessionalMutation, type Professional } from '../../../api/professionalsApi';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { SelectField } from '../../../components/forms/SelectField';
import { useCepLookUp } from '../../../api/cepApi';
import { useCepAutofill, type CepFields } from '../../../components/forms/useCepAutofill';
import { useSubmitOnce } from '../../../components/forms/useSubmitOnce';
import { awaitCurrentRecord, isStaleRecord, useLoadCurrentAfterStale, useRefreshRecords } from '../../../components/staleRecord';
import { MaskedTextField } from '../../../components/forms/MaskedTextField';
import { TextField } from '../../../components/forms/TextField';
import { notify } from '../../../components/toast/notify';
import {
  ACCOUNT_TYPE_OPTIONS,
  PROFESSIONAL_FILES,
  PROFESSIONAL_LABELS as LABELS,
  PROFESSIONAL_MESSAGES as MESSAGES,
  REQUIRED_PROFESSIONAL_FILES,
  SERVICE_MODALITIES,
  SEX_OPTIONS,
} from '../../../domain/care';
import { UFS } from '../../../domain/ufs';
import { professionalSchema } from '../../../domain/validation/care';
import { DocumentField } from './DocumentField';
import { initialValuesOf, toFormData, validateDocuments, type ProfessionalFormValues } from './professionalForm';
import { ScheduleEditor } from './ScheduleEditor';
import { SpecialtyChoices } from './SpecialtyChoices';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const UF_OPTIONS = UFS.map((uf) => ({ value: uf.code, label: `${uf.code} - ${uf.name}` }));

const CEP_FIELDS: CepFields = {
  cep: 'cep',
  street: 'rua',
  neighbourhood: 'bairro',
  city: 'cidade',
  state: 'estado',
  number: 'numero_complemento',
};

/** The CEP: once typed, it fills the address, or says under it why it could not. */
function CepField() {
  const note = useCepAutofill(CEP_FIELDS, useCepLookUp());
  return <MaskedTextField name="cep" label={LABELS.cep} mask="cep" inputMode="numeric" placeholder="00000-000" helperText={note} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3">
      <Heading as="h3" size="sm" color="fg">
        {title}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

const wide = { colSpan: { base: 1, md: 2 } } as const;

const PROFESSIONAL_RECORDS = ['Professional'] as const;

/** 'Novo Profissional' / 'Editar Profissional' (beyond the spec): every field, the weekly schedule and the four documents. */
export function ProfessionalFormDialog({ professional, onClose }: { professional?: Professional; onClose: () => void }) {
  const creating = !professional;
  const [createProfessional] = useCreateProfessionalMutation();
  const [updateProfessional] = useUpdateProfessionalMutation();
  const refreshProfessionals = useRefreshRecords(PROFESSIONAL_RECORDS);

  const formik = useFormik<ProfessionalFormValues>({
    initialValues: initialValuesOf(professional),
    validationSchema: professionalSchema,
    validate: (values) => validateDocuments(values, creating),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values) => {
      try {
        const body = toFormData(values);
        const answer = creating
          ? await createProfessional(body).unwrap()
          : await updateProfessional({ id: professional.id, body }).unwrap();
        notify.success(answer.message || (creating ? MESSAGES.created : MESSAGES.updated));
        onClose();
      } catch (error) {
        if (isStaleRecord(error)) {
          // Changed by someone else since the form opened: nothing was saved; the list and the form show it as it is now.
          notify.error(MESSAGES.updateError, { description: refusalMessage(error, MESSAGES.updateError) });
          awaitCurrentRecord(formik);
          refreshProfessionals();
          return;
        }
        const fields = fieldErrors(error);
        if (Object.keys(fields).length) {
          // The server names the documents by their field; the form keeps them under `documentos`.
          const errors = Object.fromEntries(
            Object.entries(fields).map(([name, message]) => [
              PROFESSIONAL_FILES.some((file) => file.field === name) ? `documentos.${name}` : name,
              message,
            ]),
          );
          for (const [name, message] of Object.entries(errors)) {
            formik.setFieldError(name, message);
            void formik.setFieldTouched(name, true, false);
          }
          Object.values(fields).forEach((message) => notify.error(message));
        } else {
          notify.error(errorMessage(error, creating ? MESSAGES.createError : MESSAGES.updateError));
        }
      }
    },
  });

  useLoadCurrentAfterStale(formik, professional, initialValuesOf);
  const { submit, submitting } = useSubmitOnce(formik);

  return (
    <FormikProvider value={formik}>
      <FormDialog
        open
        size="xl"
        title={creating ? MESSAGES.createTitle : MESSAGES.editTitle}
        submitLabel={creating ? 'Cadastrar' : 'Salvar Alterações'}
        submitting={submitting}
        dirty={formik.dirty}
        onSubmit={() => void submit()}
        onClose={onClose}
      >
        <Stack gap="6">
          <Section title="Dados pessoais">
            <GridItem {...wide}>
              <TextField name="nome_completo" label="Nome Completo" required autoComplete="off" />
            </GridItem>
            <MaskedTextField name="cpf" label={LABELS.cpf} required mask="cpf" inputMode="numeric" placeholder="000.000.000-00" />
            <TextField name="data_nascimento" label={LABELS.data_nascimento} type="date" />
            <SelectField name="sexo" label={LABELS.sexo} options={options(SEX_OPTIONS)} placeholder="Não informado" />
            <TextField name="idiomas_falados" label={LABELS.idiomas_falados} />
          </Section>
          <Section title="Registro profissional">
            <TextField name="crm" label={LABELS.crm} required />
            <SelectField name="crm_estado" label={LABELS.crm_estado} required options={UF_OPTIONS} placeholder="Selecione" />
            <TextField name="rqe" label={LABELS.rqe} />
            <TextField name="outras_certificacoes" label={LABELS.outras_certificacoes} />
            <GridItem {...wide}>
              <SpecialtyChoices />
            </GridItem>
          </Section>
          <Section title="Contato e endereço">
            <TextField name="email" label={LABELS.email} required type="email" autoComplete="off" />
            <MaskedTextField
              name="telefone_celular"
              label={LABELS.telefone_celular}
              mask="phone"
              inputMode="tel"
              placeholder="(00) 00000-0000"
            />
            <MaskedTextField
              name="telefone_comercial"
              label={LABELS.telefone_comercial}
              mask="phone"
              inputMode="tel"
              placeholder="(00) 0000-0000"
            />
            <CepField />
            <TextField name="rua" label={LABELS.rua} />
            <TextField name="numero_complemento" label={LABELS.numero_complemento} />
            <TextField name="bairro" label={LABELS.bairro} />
            <TextField name="cidade" label={LABELS.cidade} />
            <SelectField name="estado" label={LABELS.estado} options={UF_OPTIONS} placeholder="Não informado" />
          </Section>
          <Section title="Dados bancários">
            <TextField name="banco" label={LABELS.banco} />
            <TextField name="agencia" label={LABELS.agencia} inputMode="numeric" />
            <TextField name="conta_corrente" label={LABELS.conta_corrente} />
            <SelectField name="tipo_conta" label={LABELS.tipo_conta} options={options(ACCOUNT_TYPE_OPTIONS)} placeholder="Não informado" />
            <GridItem {...wide}>
              <TextField name="pix" label={LABELS.pix} />
            </GridItem>
          </Section>
          <Section title="Atendimento">
            <SelectField
              name="modalidade_atendimento"
              label={LABELS.modalidade_atendimento}
              required
              options={options(SERVICE_MODALITIES)}
            />
            <TextField
              name="tempo_medio_consulta"
              label={`${LABELS.tempo_medio_consulta} (minutos)`}
              required
              type="number"
              min={10}
              max={120}
              step={5}
            />
            <GridItem {...wide}>
              <ScheduleEditor />
            </GridItem>
          </Section>
          <Section title="Documentos">
            {PROFESSIONAL_FILES.map(({ field, label, accepts }) => (
              <DocumentField
                key={field}
                name={`documentos.${field}`}
                label={label}
                accepts={accepts}
                required={creating && Boolean(REQUIRED_PROFESSIONAL_FILES[field])}
                currentHref={professional?.[field]}
              />
            ))}
          </Section>
        </Stack>
      </FormDialog>
    </FormikProvider>
  );
}
