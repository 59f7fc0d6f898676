import { Box, Button, Center, Heading, Image, Stack } from '@chakra-ui/react';
import { FormikProvider, useFormik, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useLoginMutation } from '../../../api/authApi';
import { clearRedirect, getToken, readRedirect, writeSession } from '../../../api/session';
import { SelectField } from '../../../components/forms/SelectField';
import { submitWithToasts } from '../../../components/forms/submitWithToasts';
import { TextField } from '../../../components/forms/TextField';
import { notify } from '../../../components/toast/notify';
import { AUTH_MESSAGES } from '../../../domain/messages';
import { landingPathFor } from '../../../domain/navigation';
import { DEFAULT_LOGIN_USER_TYPE, USER_TYPE_OPTIONS, type UserType } from '../../../domain/userTypes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { userSet } from '../authSlice';
import { selectCurrentUser } from '../selectors';

interface LoginValues {
  userType: UserType | '';
  email: string;
  senha: string;
}

const typeOptions = USER_TYPE_OPTIONS.filter((option) => option.value !== '');

// yup (~12 KB gzipped) is fetched when the user starts filling the form, not with the page: it keeps
// the login's first load within its budget. Same checks as formik's validationSchema.
const loadLoginSchema = () => import('../../../domain/validation/login').then((module) => module.loginSchema);

async function validateLogin(values: LoginValues): Promise<FormikErrors<LoginValues>> {
  try {
    await validateYupSchema(values, await loadLoginSchema());
    return {};
  } catch (error) {
    if ((error as Error).name === 'ValidationError') return yupToFormErrors(error);
    throw error;
  }
}

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const currentUser = useAppSelector(selectCurrentUser);
  // Only a session that existed when the page opened forwards; signing in here navigates by itself.
  const [signedInOnLoad] = useState(() => Boolean(currentUser && getToken()));
  const [login, { isLoading }] = useLoginMutation();

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
        writeSession({ token, email: user.email, userType: user.userType, userId: user.id });
        dispatch(userSet({ id: user.id, email: user.email, userType: user.userType, nome: user.nome }));
        notify.success(AUTH_MESSAGES.loginSuccess);
        const destination = landingPathFor(user.userType, readRedirect());
        clearRedirect();
        navigate(destination, { replace: true });
      } catch (error) {
        const status = (error as { status?: unknown }).status;
        const serverMessage = (error as { data?: { message?: string } }).data?.message;
        if (status === 401) notify.error(AUTH_MESSAGES.invalidCredentials);
        else if (status === 429 && serverMessage) notify.error(serverMessage);
        else notify.error(AUTH_MESSAGES.loginFailed);
      }
    },
  });

  if (signedInOnLoad && currentUser) {
    return <Navigate to={landingPathFor(currentUser.userType, readRedirect())} replace />;
  }

  return (
    <Center minH="100vh" px="4" bg="gray.100">
      <Box as="main" w="full" maxW="sm" bg="white" p="8" borderRadius="xl" boxShadow="md">
        <Image src="/logo-dark.svg" alt="Portal Saúde" h="10" htmlWidth="200" htmlHeight="40" mx="auto" mb="6" />
        <Heading as="h1" size="xl" textAlign="center" mb="6">
          Acesso ao Sistema
        </Heading>
        <FormikProvider value={formik}>
          <form
            noValidate
            onFocus={() => void loadLoginSchema()}
            onSubmit={(event) => {
              event.preventDefault();
              void submitWithToasts(formik);
            }}
          >
            <Stack gap="4">
              <SelectField name="userType" label="Tipo de Usuário" required options={typeOptions} placeholder="Selecione" />
              <TextField name="email" label="Email" type="email" required autoComplete="username" inputMode="email" />
              <TextField name="senha" label="Senha" type="password" required autoComplete="current-password" />
              <Button type="submit" colorPalette="teal" loading={isLoading} loadingText="Entrando..." w="full" mt="2">
                Entrar
              </Button>
            </Stack>
          </form>
        </FormikProvider>
      </Box>
    </Center>
  );
}
