import { useCallback, useEffect, useRef, useState } from 'react';
import { ValidationError } from 'yup';
import { fieldErrors, refusalMessage } from '../../api/failures';
import { useUpdateParameterMutation, type Parameter } from '../../api/parametersApi';
import { isStaleRecord, useRefreshRecords } from '../../components/staleRecord';
import { notify } from '../../components/toast/notify';
import { parameterKindOf, SETTINGS_MESSAGES } from '../../domain/settings';
import { parameterValueSchema } from '../../domain/validation/parameters';

type ById<T> = Partial<Record<number, T>>;

/** A value being typed, and the version of the parameter it was typed over (what its save sends as `versao`). */
interface Draft {
  value: string;
  versao: number;
}

const PARAMETER_RECORDS = ['Parameter'] as const;

function without<T>(record: ById<T>, id: number): ById<T> {
  const next = { ...record };
  delete next[id];
  return next;
}

/** Whether a typed value differs from the saved one (surrounding spaces do not count). */
export const isChanged = (draft: string | undefined, saved: string) => draft !== undefined && draft.trim() !== saved;

/**
 * The values being edited in the parameter table, row by row: what each input shows, whether its
 * save is enabled (only when the value changed), whether it is saving, its error, and the save itself
 * (checked by the parameter's kind first, so a bad value never reaches the server). A save sends the
 * version the edit began on, so a list reloaded meanwhile never makes a value typed over an older
 * one current: when the parameter changed since, the server refuses it (409), the draft is dropped
 * and the list reloads, showing the value as it is now.
 */
export function useParameterDrafts(parameters: Parameter[] | undefined) {
  const [drafts, setDrafts] = useState<ById<Draft>>({});
  const [errors, setErrors] = useState<ById<string>>({});
  const [saving, setSaving] = useState<ById<boolean>>({});
  const [updateParameter] = useUpdateParameterMutation();
  const refreshParameters = useRefreshRecords(PARAMETER_RECORDS);
  const inFlight = useRef(new Set<number>());

  // A draft equal to the saved value (just saved, or typed back) is no edit at all.
  useEffect(() => {
    if (!parameters) return;
    setDrafts((current) => {
      const stale = parameters.filter(
        (parameter) => current[parameter.id] !== undefined && !isChanged(current[parameter.id]?.value, parameter.valor),
      );
      return stale.reduce((next, parameter) => without(next, parameter.id), current);
    });
  }, [parameters]);

  const edit = useCallback(({ id, versao }: Parameter, value: string) => {
    setDrafts((current) => ({ ...current, [id]: { value, versao: current[id]?.versao ?? versao } }));
    setErrors((current) => without(current, id));
  }, []);

  const revert = useCallback((id: number) => {
    setDrafts((current) => without(current, id));
    setErrors((current) => without(current, id));
  }, []);

  const save = useCallback(
    async (parameter: Parameter) => {
      const draft = drafts[parameter.id];
      // A ref, not state: a second Enter in the same instant must not send the value twice.
      if (!draft || !isChanged(draft.value, parameter.valor) || inFlight.current.has(parameter.id)) return;
      let valor: string;
      try {
        valor = parameterValueSchema(parameterKindOf(parameter.tipo)).validateSync(draft.value);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        setErrors((current) => ({ ...current, [parameter.id]: error.message }));
        notify.error(error.message);
        return;
      }
      inFlight.current.add(parameter.id);
      setSaving((current) => ({ ...current, [parameter.id]: true }));
      try {
        await updateParameter({ id: parameter.id, valor, versao: draft.versao }).unwrap();
        // The cache already holds the saved value (see updateParameter), so the input keeps showing it.
        setDrafts((current) => without(current, parameter.id));
        notify.success(SETTINGS_MESSAGES.updateSuccess);
      } catch (error) {
        if (isStaleRecord(error)) {
          notify.error(SETTINGS_MESSAGES.updateError, { description: refusalMessage(error, SETTINGS_MESSAGES.updateError) });
          setDrafts((current) => without(current, parameter.id));
          refreshParameters();
          return;
        }
        const message = fieldErrors(error).valor;
        if (message) setErrors((current) => ({ ...current, [parameter.id]: message }));
        notify.error(SETTINGS_MESSAGES.updateError);
      } finally {
        inFlight.current.delete(parameter.id);
        setSaving((current) => without(current, parameter.id));
      }
    },
    [drafts, updateParameter, refreshParameters],
  );

  return {
    valueOf: (parameter: Parameter) => drafts[parameter.id]?.value ?? parameter.valor,
    isDirty: (parameter: Parameter) => isChanged(drafts[parameter.id]?.value, parameter.valor),
    isSaving: (parameter: Parameter) => Boolean(saving[parameter.id]),
    errorOf: (parameter: Parameter) => errors[parameter.id],
    edit,
    revert,
    save,
  };
}
