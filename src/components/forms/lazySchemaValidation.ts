import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { Schema } from 'yup';

/**
 * A formik `validate` that runs a yup schema fetched on first use, so yup (~12 KB gzipped) stays out
 * of a page's first load; the form asks for it as soon as it gets the focus. Same checks and errors
 * as formik's own `validationSchema` (validateYupSchema, then yupToFormErrors on a ValidationError).
 */
export function lazySchemaValidation<Values extends FormikValues>(loadSchema: () => Promise<Schema>) {
  return async (values: Values): Promise<FormikErrors<Values>> => {
    try {
      await validateYupSchema(values, await loadSchema());
      return {};
    } catch (error) {
      if ((error as Error).name === 'ValidationError') return yupToFormErrors(error);
      throw error;
    }
  };
}
