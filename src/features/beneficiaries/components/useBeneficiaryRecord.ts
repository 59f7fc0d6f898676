import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useGetBeneficiaryByCpfQuery, type BeneficiaryKey } from '../../../api/beneficiariesApi';
import { notify } from '../../../components/toast/notify';
import { BENEFICIARY_MESSAGES as M } from '../../../domain/beneficiaries';

/**
 * The current record of the row a dialog was opened for (GET /api/beneficiaries/cpf/{cpf}?uuid=…):
 * the row's CPF alone may name another partner's person for an administrator, so its uuid goes too.
 * When it cannot be read, says 'Erro ao buscar beneficiário' and closes the dialog. Dialogs read its
 * `currentData` (the record of this row, or nothing while it loads), never `data`, which still holds
 * the previous row's record while the new one loads: editing B must never show, or save, A.
 */
export function useBeneficiaryRecord(row: BeneficiaryKey | null | undefined, onFailure: () => void) {
  const query = useGetBeneficiaryByCpfQuery(row ? { cpf: row.cpf, uuid: row.uuid } : skipToken, { refetchOnMountOrArgChange: true });
  const failed = query.isError;
  useEffect(() => {
    if (!failed) return;
    notify.error(M.fetchError);
    onFailure();
  }, [failed, onFailure]);
  return query;
}
