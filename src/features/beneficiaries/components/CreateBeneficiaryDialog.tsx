import { Field, HStack, RadioGroup, Stack } from '@chakra-ui/react';
import { FormikProvider, setNestedObjectValues, useFormik, type FormikTouched } from 'formik';
import { fieldErrors, saveErrorMessage } from '../../../api/failures';
import { useCreateBeneficiaryMutation } from '../../../api/beneficiariesApi';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useSubmitOnce } from '../../../components/forms/useSubmitOnce';
import { MaskedTextField } from '../../../components/forms/MaskedTextField';
import { notify } from '../../../components/toast/notify';
import {
  BENEFICIARY_FIELD_LABELS as L,
  BENEFICIARY_MESSAGES as M,
  BENEFICIARY_TEXTS as T,
  type BeneficiaryType,
} from '../../../domain/beneficiaries';
import {
  beneficiaryCreateSchema,
  EMPTY_CREATE_VALUES,
  toCreatePayload,
  type BeneficiaryCreateValues,
} from '../../../domain/validation/beneficiaries';
import { BeneficiaryFields } from './BeneficiaryFields';

const TYPE_CHOICES: Array<{ value: BeneficiaryType; label: string }> = [
  { value: 'titular', label: T.holderLabel },
  { value: 'dependente', label: T.dependentLabel },
];

/** 'Cadastrar Beneficiário': a holder, or a dependent of a holder given by CPF. */
export function CreateBeneficiaryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [create] = useCreateBeneficiaryMutation();
  const formik = useFormik<BeneficiaryCreateValues>({
    initialValues: EMPTY_CREATE_VALUES,
    validationSchema: beneficiaryCreateSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      try {
        const answer = await create(toCreatePayload(values)).unwrap();
        if (!answer.success) {
          notify.error(answer.message || M.createError);
          return;
        }
        notify.success(M.created);
        helpers.resetForm();
        onClose();
      } catch (error) {
        notify.error(saveErrorMessage(error, M.createError, M.sendError));
        const errors = fieldErrors(error);
        helpers.setErrors(errors);
        helpers.setTouched(setNestedObjectValues<FormikTouched<BeneficiaryCreateValues>>(errors, true), false);
      }
    },
  });
  const { submit, submitting } = useSubmitOnce(formik);
  const close = () => {
    formik.resetForm();
    onClose();
  };
  const isDependent = formik.values.beneficiaryType === 'dependente';

  return (
    <FormDialog
      open={open}
      title={T.createTitle}
      submitLabel={T.createSubmit}
      submittingLabel={T.createSubmitting}
      submitting={submitting}
      dirty={formik.dirty}
      onSubmit={() => void submit()}
      onClose={close}
    >
      <FormikProvider value={formik}>
        <Stack gap="4">
          <Field.Root required>
            <RadioGroup.Root
              name="beneficiaryType"
              value={formik.values.beneficiaryType}
              onValueChange={(event) => void formik.setFieldValue('beneficiaryType', event.value)}
              colorPalette="teal"
            >
              <RadioGroup.Label>
                {L.beneficiaryType} <Field.RequiredIndicator />
              </RadioGroup.Label>
              <HStack gap="6" mt="2">
                {TYPE_CHOICES.map((choice) => (
                  <RadioGroup.Item key={choice.value} value={choice.value}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
          </Field.Root>
          {isDependent && (
            <MaskedTextField name="holder" label={L.holder} required mask="cpf" inputMode="numeric" placeholder="000.000.000-00" />
          )}
          <BeneficiaryFields mode="create" />
        </Stack>
      </FormikProvider>
    </FormDialog>
  );
}
