import { Skeleton, Stack } from '@chakra-ui/react';
import { FormikProvider, setNestedObjectValues, useFormik, type FormikTouched } from 'formik';
import { useMemo } from 'react';
import { failureReason, fieldErrors } from '../../../api/failures';
import { useUpdateBeneficiaryMutation } from '../../../api/beneficiariesApi';
import { useAppSelector } from '../../../app/hooks';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useSubmitOnce } from '../../../components/forms/useSubmitOnce';
import { notify } from '../../../components/toast/notify';
import { BENEFICIARY_MESSAGES as M, BENEFICIARY_TEXTS as T } from '../../../domain/beneficiaries';
import {
  beneficiaryEditSchema,
  EMPTY_CREATE_VALUES,
  editValuesOf,
  toEditPayload,
  type BeneficiaryEditValues,
} from '../../../domain/validation/beneficiaries';
import type { SelectedBeneficiary } from '../beneficiariesSlice';
import { selectIsAdministrator } from '../selectors';
import { BeneficiaryFields } from './BeneficiaryFields';
import { useBeneficiaryRecord } from './useBeneficiaryRecord';

const { beneficiaryType: _type, holder: _holder, cpf: _cpf, ...EMPTY_EDIT_VALUES } = EMPTY_CREATE_VALUES;

interface EditBeneficiaryDialogProps {
  open: boolean;
  beneficiary: SelectedBeneficiary | null;
  onClose: () => void;
}

/** 'Editar Beneficiário': reads the current record, then saves its editable fields. */
export function EditBeneficiaryDialog({ open, beneficiary, onClose }: EditBeneficiaryDialogProps) {
  const { currentData: record } = useBeneficiaryRecord(open ? beneficiary : undefined, onClose);
  const [update] = useUpdateBeneficiaryMutation();
  const isAdministrator = useAppSelector(selectIsAdministrator);
  const initialValues = useMemo(() => (record ? editValuesOf(record) : EMPTY_EDIT_VALUES), [record]);
  const formik = useFormik<BeneficiaryEditValues>({
    initialValues,
    // The form starts over from the stored record once it arrives.
    enableReinitialize: true,
    validationSchema: beneficiaryEditSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      if (!record || !beneficiary) return;
      try {
        // The row's own record: another partner's person may have the same CPF.
        await update({ id: beneficiary.id, uuid: beneficiary.uuid, changes: toEditPayload(values) }).unwrap();
        notify.success(M.updated);
        helpers.resetForm();
        onClose();
      } catch (error) {
        notify.error(M.updateError, { description: failureReason(error) });
        const errors = fieldErrors(error);
        helpers.setErrors(errors);
        helpers.setTouched(setNestedObjectValues<FormikTouched<BeneficiaryEditValues>>(errors, true), false);
      }
    },
  });
  const { submit, submitting } = useSubmitOnce(formik);
  const close = () => {
    formik.resetForm();
    onClose();
  };

  return (
    <FormDialog
      open={open}
      title={T.editTitle}
      submitLabel={T.editSubmit}
      submitting={submitting}
      dirty={formik.dirty}
      onSubmit={() => {
        if (record) void submit();
      }}
      onClose={close}
    >
      {record ? (
        <FormikProvider value={formik}>
          <BeneficiaryFields mode="edit" planTypesReadOnly={Boolean(record.planFromSale) && !isAdministrator} />
        </FormikProvider>
      ) : (
        <Stack gap="4" aria-busy="true" aria-label="Carregando beneficiário">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height="10" />
          ))}
        </Stack>
      )}
    </FormDialog>
  );
}
