import { Box, Button, Center, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { FormikProvider, useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { apiSlice } from '../../../api/apiSlice';
import { useLoginMutation } from '../../../api/authApi';
import { clearRedirect, getToken, readRedirectFor, sessionOwner, sitePathOrNull, writeSession } from '../../../api/session';
import { answerStatus, serverMessage } from '../../../api/failures';
import { sessionStarted } from '../../../api/sessionEvents';
import { lazySchemaValidation } from '../../../components/forms/lazySchemaValidation';
import { SelectField } from '../../../components/forms/SelectField';
import { useSubmitOnce } from '../../../components/forms/useSubmitOnce';
import { TextField } from '../../../components/forms/TextField';
import { notify } from '../../../components/toast/notify';
import { AUTH_MESSAGES } from '../../../domain/messages';
import { landingPathFor } from '../../../domain/navigation';
import { DEFAULT_LOGIN_USER_TYPE, USER_TYPE_OPTIONS, type UserType } from '../../../domain/userTypes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { userSet } from '../authSlice';
import { selectCurrentUser, selectSessionEndNotice } from '../selectors';

interface LoginValues {
  userType: UserType | '';
  email: string;
  senha: string;
}

const typeOptions = USER_TYPE_OPTIONS.filter((option) => option.value !== '');

// The login's rules arrive when the user starts filling the form (lazySchemaValidation), not with the page.
const loadLoginSchema = () => import('../../../domain/validation/login').then((module) => module.loginSchema);
const validateLogin = lazySchemaValidation<LoginValues>(loadLoginSchema);

/**
 * Where the screen was opened from and how it leaves: the router's as a route of the staff app
 * (LoginRoute.tsx), or on a first load of /login the start-up's (src/startup/loginApp.tsx), which
 * keeps the router out of that page's download.
 */
export interface LoginPageProps {
  /** The history entry's state: the page this tab was sent here from (RequireAuth), if any. */
  cameFrom: unknown;
  /** Leaves the login for a staff screen, replacing /login in the history. */
  goTo: (path: string) => void;
}

export default function LoginPage({ cameFrom: entryState, goTo }: LoginPageProps) {
  const dispatch = useAppDispatch();
  const currentUser = useAppSelector(selectCurrentUser);
  const sessionEndNotice = useAppSelector(selectSessionEndNotice);
  // The page this tab was sent here from (RequireAuth): anyone's for a visitor who had no session,
  // only its owner's after an expired one; else what an expiry stored for this user (a reload of /login).
  const cameFrom = entryState as { from?: unknown; owner?: unknown } | null;
  const rememberedFor = (user: { userType: UserType; id: number }) => {
    const owner = sessionOwner(user);
    return (cameFrom?.owner == null || cameFrom.owner === owner ? sitePathOrNull(cameFrom?.from) : null) ?? readRedirectFor(owner);
  };
  // Only a session that existed when the page opened forwards; signing in here navigates by itself.
  const [signedInOnLoad] = useState(() => Boolean(currentUser && getToken()));
  const [login] = useLoginMutation();

  const formik = useFormik<LoginValues>({
    initialValues: { userType: DEFAULT_LOGIN_USER_TYPE, email: '', senha: '' },
    validate: validateLogin,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values) => {
      try {
        const { token, user } = await login({
          email: values.email.trim(),
          senha: values.senha,
          userType: values.userType as UserType,
        }).unwrap();
        dispatch(sessionStarted());
        dispatch(apiSlice.util.resetApiState());
        writeSession({ token, email: user.email, userType: user.userType, userId: user.id });
        dispatch(userSet({ id: user.id, email: user.email, userType: user.userType, nome: user.nome }));
        notify.success(AUTH_MESSAGES.loginSuccess);
        const destination = landingPathFor(user.userType, rememberedFor(user));
        clearRedirect();
        goTo(destination);
      } catch (error) {
        const status = answerStatus(error);
        const reason = serverMessage(error);
        if (status === 401) notify.error(AUTH_MESSAGES.invalidCredentials);
        // 403: the right password for an inactive account, and whom to ask; 429: too many attempts.
        else if ((status === 403 || status === 429) && reason) notify.error(reason);
        else notify.error(AUTH_MESSAGES.loginFailed);
      }
    },
  });

  const { submit, submitting } = useSubmitOnce(formik);

  const forwardTo = signedInOnLoad && currentUser ? landingPathFor(currentUser.userType, rememberedFor(currentUser)) : null;
  useEffect(() => {
    if (forwardTo) goTo(forwardTo);
  }, [forwardTo, goTo]);
  if (forwardTo) return null;

  return (
    <Center minH="100vh" px="4" bg="bg.muted">
      <Box as="main" w="full" maxW="sm" bg="bg.panel" p="8" borderRadius="xl" boxShadow="md">
        <Image src="/logo-dark.svg" alt="Portal Saúde" h="10" htmlWidth="200" htmlHeight="40" mx="auto" mb="6" />
        <Heading as="h1" size="xl" textAlign="center" mb="6">
          Acesso ao Sistema
        </Heading>
        {/* Plain text, not Chakra's Alert: the login's first load has a size budget. */}
        {sessionEndNotice && (
          <Text role="alert" color="fg.warning" mb="6">
            {sessionEndNotice}
          </Text>
        )}
        <FormikProvider value={formik}>
          <form
            noValidate
            onFocus={() => void loadLoginSchema()}
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Stack gap="4">
              <SelectField name="userType" label="Tipo de Usuário" required options={typeOptions} placeholder="Selecione" />
              <TextField name="email" label="Email" type="email" required autoComplete="username" inputMode="email" />
              <TextField name="senha" label="Senha" type="password" required autoComplete="current-password" />
              <Button type="submit" colorPalette="teal" loading={submitting} loadingText="Entrando..." w="full" mt="2">
                Entrar
              </Button>
            </Stack>
          </form>
        </FormikProvider>
      </Box>
    </Center>
  );
}
