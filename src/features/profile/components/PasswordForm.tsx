import { Button, Card, Stack } from '@chakra-ui/react';
import { LeaveGuard } from '../../../components/forms/LeaveGuard';
import { FormikProvider, useFormik } from 'formik';
import { failureReason, fieldErrors } from '../../../api/failures';
import { useChangePasswordMutation } from '../../../api/authApi';
import { replaceToken } from '../../../api/session';
import { useSubmitOnce } from '../../../components/forms/useSubmitOnce';
import { notify } from '../../../components/toast/notify';
import { PROFILE_MESSAGES, PROFILE_TEXTS } from '../../../domain/settings';
import { profilePasswordSchema } from '../../../domain/validation/profile';
import { PasswordField } from './PasswordField';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Current, new and confirmed password. A mismatch never reaches the server. The server revokes every
 * older token and hands back a fresh one, which replaces the stored token so the session goes on.
 */
export function PasswordForm({ email }: { email?: string }) {
  const [changePassword] = useChangePasswordMutation();
  const formik = useFormik({
    initialValues: EMPTY,
    validationSchema: profilePasswordSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async ({ currentPassword, newPassword }, helpers) => {
      try {
        const { token } = await changePassword({ currentPassword, newPassword }).unwrap();
        if (token) replaceToken(token);
        helpers.resetForm();
        notify.success(PROFILE_MESSAGES.changeSuccess);
      } catch (error) {
        const fields = fieldErrors(error);
        for (const name of Object.keys(EMPTY)) {
          if (fields[name]) helpers.setFieldError(name, fields[name]);
        }
        notify.error(PROFILE_MESSAGES.changeError, { description: failureReason(error) });
      }
    },
  });

  const { submit, submitting } = useSubmitOnce(formik);

  return (
    <Card.Root as="section" aria-labelledby="password-section">
      <Card.Header>
        <Card.Title as="h2" id="password-section">
          {PROFILE_TEXTS.passwordSection}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <FormikProvider value={formik}>
          <LeaveGuard when={formik.dirty && !formik.isSubmitting} />
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            {/* Lets password managers file the new password under the right account. */}
            <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
            <Stack gap="4">
              <PasswordField name="currentPassword" label={PROFILE_TEXTS.currentPassword} autoComplete="current-password" />
              <PasswordField
                name="newPassword"
                label={PROFILE_TEXTS.newPassword}
                autoComplete="new-password"
                helperText={PROFILE_TEXTS.passwordHint}
              />
              <PasswordField name="confirmPassword" label={PROFILE_TEXTS.confirmPassword} autoComplete="new-password" />
              <Button
                type="submit"
                colorPalette="teal"
                loading={submitting}
                loadingText={PROFILE_TEXTS.submitting}
                alignSelf={{ base: 'stretch', sm: 'flex-start' }}
              >
                {PROFILE_TEXTS.submit}
              </Button>
            </Stack>
          </form>
        </FormikProvider>
      </Card.Body>
    </Card.Root>
  );
}
