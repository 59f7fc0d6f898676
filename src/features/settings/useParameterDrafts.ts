import { useCallback, useEffect, useRef, useState } from 'react';
import { ValidationError } from 'yup';
import { fieldErrors } from '../../api/failures';
import { useUpdateParameterMutation, type Parameter } from '../../api/parametersApi';
import { notify } from '../../components/toast/notify';
import { parameterKindOf, SETTINGS_MESSAGES } from '../../domain/settings';
import { parameterValueSchema } from '../../domain/validation/parameters';

type ById<T> = Partial<Record<number, T>>;

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
 * (checked by the parameter's kind first, so a bad value never reaches the server).
 */
export function useParameterDrafts(parameters: Parameter[] | undefined) {
  const [drafts, setDrafts] = useState<ById<string>>({});
  const [errors, setErrors] = useState<ById<string>>({});
  const [saving, setSaving] = useState<ById<boolean>>({});
  const [updateParameter] = useUpdateParameterMutation();
  const inFlight = useRef(new Set<number>());

  // A draft equal to the saved value (just saved, or typed back) is no edit at all.
  useEffect(() => {
    if (!parameters) return;
    setDrafts((current) => {
      const stale = parameters.filter(
        (parameter) => current[parameter.id] !== undefined && !isChanged(current[parameter.id], parameter.valor),
      );
      return stale.reduce((next, parameter) => without(next, parameter.id), current);
    });
  }, [parameters]);

  const edit = useCallback((id: number, value: string) => {
    setDrafts((current) => ({ ...current, [id]: value }));
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
      if (!isChanged(draft, parameter.valor) || inFlight.current.has(parameter.id)) return;
      let valor: string;
      try {
        valor = parameterValueSchema(parameterKindOf(parameter.tipo)).validateSync(draft);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        setErrors((current) => ({ ...current, [parameter.id]: error.message }));
        notify.error(error.message);
        return;
      }
      inFlight.current.add(parameter.id);
      setSaving((current) => ({ ...current, [parameter.id]: true }));
      try {
        await updateParameter({ id: parameter.id, valor }).unwrap();
        // The cache already holds the saved value (see updateParameter), so the input keeps showing it.
        setDrafts((current) => without(current, parameter.id));
        notify.success(SETTINGS_MESSAGES.updateSuccess);
      } catch (error) {
        const message = fieldErrors(error).valor;
        if (message) setErrors((current) => ({ ...current, [parameter.id]: message }));
        notify.error(SETTINGS_MESSAGES.updateError);
      } finally {
        inFlight.current.delete(parameter.id);
        setSaving((current) => without(current, parameter.id));
      }
    },
    [drafts, updateParameter],
  );

  return {
    valueOf: (parameter: Parameter) => drafts[parameter.id] ?? parameter.valor,
    isDirty: (parameter: Parameter) => isChanged(drafts[parameter.id], parameter.valor),
    isSaving: (parameter: Parameter) => Boolean(saving[parameter.id]),
    errorOf: (parameter: Parameter) => errors[parameter.id],
    edit,
    revert,
    save,
  };
}
