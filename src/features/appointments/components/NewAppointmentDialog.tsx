import { chakra, Field, Fieldset, HStack, Input, Link, Stack } from '@chakra-ui/react';
import { FormikProvider, useFormik } from 'formik';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { failureReason } from '../../../api/failures';
import {
  useCreateAppointmentMutation,
  useGetAvailabilityQuery,
  useGetPatientsQuery,
  useGetSpecialtiesQuery,
  type NewAppointment,
} from '../../../api/appointmentsApi';
import { useGetPendingReferralsQuery, type Referral } from '../../../api/referralsApi';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { SelectField, type SelectOption } from '../../../components/forms/SelectField';
import { useSubmitOnce } from '../../../components/forms/useSubmitOnce';
import { notify } from '../../../components/toast/notify';
import {
  APPOINTMENT_KINDS,
  APPOINTMENT_MESSAGES as MESSAGES,
  CARE_ACTIONS,
  monthOptions,
  monthRange,
  slotLabel,
  type AppointmentKind,
} from '../../../domain/care';
import { formatCpf } from '../../../domain/documents';
import type { ReferralToSchedule } from '../../../domain/referralScheduling';
import { newAppointmentSchema } from '../../../domain/validation/care';

interface WizardValues {
  kind: AppointmentKind;
  /** The beneficiary's uuid (Avulsa) or the pending referral's uuid (Encaminhamento). */
  patient: string;
  specialty: string;
  /** yyyy-mm */
  month: string;
  /** dd/mm/yyyy */
  date: string;
  /** The availability slot's uuid. */
  slot: string;
}

const EMPTY: WizardValues = { kind: '1', patient: '', specialty: '', month: '', date: '', slot: '' };
/** What each field clears when it changes: everything after it. */
const LATER: Record<keyof WizardValues, Array<keyof WizardValues>> = {
  kind: ['patient', 'specialty', 'month', 'date', 'slot'],
  patient: ['specialty', 'month', 'date', 'slot'],
  specialty: ['month', 'date', 'slot'],
  month: ['date', 'slot'],
  date: ['slot'],
  slot: [],
};
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/** Reports a failed load once, with the spec's message. */
function useLoadError(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) notify.error(message);
  }, [failed, message]);
}

const patientLabel = (name: string, cpf: string) => `${name} (${formatCpf(cpf)})`;

/** A patient option: the beneficiary, and for an appointment from a referral, the referral. */
interface PatientChoice {
  option: SelectOption;
  beneficiaryUuid: string;
  referral?: Referral;
}

/**
 * 'Nova Consulta': type, patient, specialty, month/year, date and time, each enabled by the one
 * before it; changing a field clears the ones after it. Dates and times come from the provider's
 * availability for the chosen month (from today in the current month). Opened for a `referral`
 * (a pending referral's 'Agendar consulta'), it starts as Encaminhamento with that referral chosen.
 */
export function NewAppointmentDialog({ referral, onClose }: { referral?: ReferralToSchedule; onClose: () => void }) {
  const [today] = useState(() => new Date());
  // The referral's patient is searched by CPF, and the referral chosen once it is among the results.
  const [search, setSearch] = useState(referral?.cpf ?? '');
  const [presetReferral, setPresetReferral] = useState(referral?.referralUuid);
  const searchText = useDebounced(search);
  /** The chosen patient stays an option even when a later search no longer finds it. */
  const [chosen, setChosen] = useState<PatientChoice | null>(null);
  const [createAppointment] = useCreateAppointmentMutation();

  const formik = useFormik<WizardValues>({
    initialValues: referral ? { ...EMPTY, kind: '2' } : EMPTY,
    validationSchema: newAppointmentSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values) => {
      if (!chosen) return;
      const base = { specialtyUuid: values.specialty, beneficiaryUuid: chosen.beneficiaryUuid, availabilityUuid: values.slot };
      const body: NewAppointment =
        values.kind === '2' && chosen.referral
          ? { ...base, beneficiaryMedicalReferralUuid: chosen.referral.uuid }
          : { ...base, approveAdditionalPayment: true };
      try {
        await createAppointment(body).unwrap();
        notify.success(MESSAGES.scheduled);
        onClose();
      } catch (error) {
        notify.error(MESSAGES.scheduleError, { description: failureReason(error) });
        // Someone took the time meanwhile: offer the times that are still free.
        if ((error as { status?: unknown }).status === 409) {
          void formik.setFieldValue('slot', '', false);
          void availability.refetch();
        }
      }
    },
  });
  const { submit, submitting } = useSubmitOnce(formik);
  const { values } = formik;

  const change = (field: keyof WizardValues, value: string, extra: Partial<WizardValues> = {}) => {
    const cleared = Object.fromEntries(LATER[field].map((later) => [later, '']));
    void formik.setValues({ ...values, ...cleared, [field]: value, ...extra }, false);
    // A field's error goes once it has a value again.
    formik.setErrors({});
  };

  const standalone = values.kind === '1';
  const patients = useGetPatientsQuery(searchText, { skip: !standalone });
  const referrals = useGetPendingReferralsQuery(searchText, { skip: standalone });
  const specialties = useGetSpecialtiesQuery();
  const range = values.month ? monthRange(values.month, today) : undefined;
  const availability = useGetAvailabilityQuery(
    {
      specialtyUuid: values.specialty,
      dateInitial: range?.dateInitial ?? '',
      dateFinal: range?.dateFinal ?? '',
      beneficiaryUuid: chosen?.beneficiaryUuid ?? '',
    },
    { skip: !range || !values.specialty || !chosen },
  );

  useLoadError(patients.isError, MESSAGES.patientsError);
  useLoadError(referrals.isError, MESSAGES.referralsError);
  useLoadError(specialties.isError, MESSAGES.specialtiesError);
  useLoadError(availability.isError, MESSAGES.availabilityError);

  const patientChoices = useMemo((): PatientChoice[] => {
    const found: PatientChoice[] = standalone
      ? (patients.currentData ?? []).map((patient) => ({
          option: { value: patient.uuid, label: patientLabel(patient.name, patient.cpf) },
          beneficiaryUuid: patient.uuid,
        }))
      : (referrals.currentData ?? []).map((referral) => ({
          option: {
            value: referral.uuid,
            label: `${patientLabel(referral.beneficiary.name, referral.beneficiary.cpf)}${referral.specialty ? ` - ${referral.specialty.name}` : ''}`,
          },
          beneficiaryUuid: referral.beneficiary.uuid,
          referral,
        }));
    return chosen && !found.some((choice) => choice.option.value === chosen.option.value) ? [chosen, ...found] : found;
  }, [standalone, patients.currentData, referrals.currentData, chosen]);

  const specialtyOptions = (specialties.currentData ?? [])
    // From a referral, the appointment is with the specialty it refers to.
    .filter((specialty) => !chosen?.referral?.specialty || specialty.uuid === chosen.referral.specialty.uuid)
    .map((specialty) => ({ value: specialty.uuid, label: specialty.name }));
  const slots = availability.currentData ?? [];
  const dateOptions = [...new Set(slots.map((slot) => slot.date))].map((date) => ({ value: date, label: date }));
  const slotOptions = slots.filter((slot) => slot.date === values.date).map((slot) => ({ value: slot.uuid, label: slotLabel(slot) }));
  const loadingDates = Boolean(range && values.specialty) && availability.isFetching;

  const choosePatient = (value: string) => {
    const choice = patientChoices.find((candidate) => candidate.option.value === value) ?? null;
    setChosen(choice);
    const referralSpecialty = choice?.referral?.specialty?.uuid;
    const known = referralSpecialty && specialties.currentData?.some((specialty) => specialty.uuid === referralSpecialty);
    change('patient', value, known ? { specialty: referralSpecialty } : {});
  };

  const presetFound = Boolean(
    presetReferral && specialties.currentData && patientChoices.some((choice) => choice.option.value === presetReferral),
  );
  const choosePreset = useEffectEvent(() => {
    if (presetReferral) choosePatient(presetReferral);
    setPresetReferral(undefined);
  });
  useEffect(() => {
    if (presetFound) choosePreset();
  }, [presetFound]);

  return (
    <FormikProvider value={formik}>
      <FormDialog
        open
        size="md"
        title={MESSAGES.newTitle}
        submitLabel={CARE_ACTIONS.schedule}
        submittingLabel={CARE_ACTIONS.scheduling}
        submitting={submitting}
        dirty={formik.dirty}
        onSubmit={() => void submit()}
        onClose={onClose}
      >
        <Stack gap="4">
          {/* Native radios: labelled, keyboard-operable and checkable by any tool. */}
          <Fieldset.Root>
            <Fieldset.Legend fontSize="sm" fontWeight="medium">
              Tipo de Consulta
            </Fieldset.Legend>
            <HStack gap="6" mt="1">
              {APPOINTMENT_KINDS.map((kind) => (
                <chakra.label key={kind.value} display="inline-flex" alignItems="center" gap="2" cursor="pointer">
                  <chakra.input
                    type="radio"
                    name="kind"
                    value={kind.value}
                    checked={values.kind === kind.value}
                    boxSize="4"
                    css={{ accentColor: 'var(--chakra-colors-teal-600)' }}
                    onChange={() => {
                      setChosen(null);
                      setSearch('');
                      change('kind', kind.value);
                    }}
                  />
                  {kind.label}
                </chakra.label>
              ))}
            </HStack>
          </Fieldset.Root>

          <Field.Root>
            <Field.Label>Buscar paciente</Field.Label>
            <Input
              value={search}
              placeholder="Nome ou CPF"
              onChange={(event) => setSearch(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
            />
            <Field.HelperText>{standalone ? 'Pacientes ativos' : 'Pacientes com encaminhamento pendente'}</Field.HelperText>
          </Field.Root>
          <SelectField
            name="patient"
            label="Paciente"
            required
            placeholder={(standalone ? patients : referrals).isFetching ? 'Carregando...' : 'Selecione o paciente'}
            options={patientChoices.map((choice) => choice.option)}
            onValueChange={choosePatient}
          />
          {chosen?.referral?.urlPath && (
            <Link href={chosen.referral.urlPath} target="_blank" rel="noopener noreferrer" color="teal.fg" fontSize="sm" mt="-2">
              {CARE_ACTIONS.openReferral} <LuExternalLink aria-hidden />
            </Link>
          )}

          <SelectField
            name="specialty"
            label="Especialidade"
            required
            disabled={!values.patient}
            placeholder="Selecione a especialidade"
            options={specialtyOptions}
            onValueChange={(value) => change('specialty', value)}
          />
          <SelectField
            name="month"
            label="Mês/Ano"
            disabled={!values.specialty}
            placeholder="Selecione o mês"
            options={monthOptions(today)}
            onValueChange={(value) => change('month', value)}
          />
          <Stack gap="1">
            <SelectField
              name="date"
              label="Data"
              required
              disabled={!values.month || loadingDates}
              placeholder={loadingDates ? 'Carregando datas...' : 'Selecione a data'}
              options={dateOptions}
              onValueChange={(value) => change('date', value)}
            />
            {values.month && !loadingDates && availability.currentData && !dateOptions.length && (
              <Field.Root>
                <Field.HelperText>{MESSAGES.noSlots}</Field.HelperText>
              </Field.Root>
            )}
          </Stack>
          <SelectField
            name="slot"
            label="Horário"
            required
            disabled={!values.date}
            placeholder="Selecione o horário"
            options={slotOptions}
            onValueChange={(value) => change('slot', value)}
          />
        </Stack>
      </FormDialog>
    </FormikProvider>
  );
}
