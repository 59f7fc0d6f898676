import { Text } from '@chakra-ui/react';
import { useToggleBeneficiaryStatusMutation } from '../../../api/beneficiariesApi';
import { failureReason } from '../../../api/failures';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { notify } from '../../../components/toast/notify';
import { BENEFICIARY_MESSAGES as M, BENEFICIARY_TEXTS as T, statusQuestion } from '../../../domain/beneficiaries';
import type { SelectedBeneficiary } from '../beneficiariesSlice';

/** Asks 'Tem certeza que deseja inativar/ativar este beneficiário?' with the name, then flips the status. */
export function StatusConfirmDialog({
  open,
  beneficiary,
  onClose,
}: {
  open: boolean;
  beneficiary: SelectedBeneficiary | null;
  onClose: () => void;
}) {
  const [toggle, { isLoading }] = useToggleBeneficiaryStatusMutation();
  const active = beneficiary?.isActive ?? true;
  const confirm = async () => {
    if (!beneficiary) return;
    try {
      await toggle({ id: beneficiary.id, uuid: beneficiary.uuid }).unwrap();
      notify.success(M.statusUpdated);
      onClose();
    } catch (error) {
      // The server's reason when it refused (a dependent of an inactive holder), as the other lists' toggles say it.
      notify.error(M.statusError, { description: failureReason(error) });
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={active ? T.inactivateTitle : T.activateTitle}
      message={
        <Text>
          {statusQuestion(active)}{' '}
          <Text as="strong" fontWeight="semibold">
            {beneficiary?.name}
          </Text>
        </Text>
      }
      confirmLabel={active ? T.inactivate : T.activate}
      confirmColor={active ? 'red' : 'teal'}
      loading={isLoading}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
