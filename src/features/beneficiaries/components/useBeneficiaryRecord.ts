import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useGetBeneficiaryByCpfQuery } from '../../../api/beneficiariesApi';
import { notify } from '../../../components/toast/notify';
import { BENEFICIARY_MESSAGES as M } from '../../../domain/beneficiaries';

/**
 * The current record of the beneficiary a dialog shows (GET /api/beneficiaries/cpf/{cpf}); when it
 * cannot be read, says 'Erro ao buscar beneficiário' and closes the dialog. Dialogs read its
 * `currentData` (the record of this CPF, or nothing while it loads), never `data`, which still holds
 * the previous CPF's record while the new one loads: editing B must never show, or save, A.
 */
export function useBeneficiaryRecord(cpf: string | undefined, onFailure: () => void) {
  const query = useGetBeneficiaryByCpfQuery(cpf ?? skipToken, { refetchOnMountOrArgChange: true });
  const failed = query.isError;
  useEffect(() => {
    if (!failed) return;
    notify.error(M.fetchError);
    onFailure();
  }, [failed, onFailure]);
  return query;
}
