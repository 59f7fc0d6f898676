import { Button, Card, Field, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useVerifyQuery } from '../../../api/authApi';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/toast/notify';
import { PROFILE_MESSAGES, PROFILE_TEXTS } from '../../../domain/settings';
import { PasswordForm } from './PasswordForm';
import { PreferencesCard } from './PreferencesCard';

function ReadOnlyField({ label, value, loading }: { label: string; value?: string; loading: boolean }) {
  return (
    <Field.Root readOnly>
      <Field.Label>{label}</Field.Label>
      <Skeleton loading={loading} w="full">
        <Input value={value ?? ''} readOnly bg="bg.subtle" />
      </Skeleton>
    </Field.Root>
  );
}

/** The signed-in user's name and e-mail, read-only, from GET /api/auth/verify. */
function UserData() {
  const { data, isLoading, isError, error, refetch } = useVerifyQuery();

  useEffect(() => {
    if (error) notify.error(PROFILE_MESSAGES.loadError);
  }, [error]);

  return (
    <Card.Root as="section" aria-labelledby="user-section">
      <Card.Header>
        <Card.Title as="h2" id="user-section">
          {PROFILE_TEXTS.userSection}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        {isError ? (
          <Stack align="flex-start" gap="3">
            <Text color="fg">{PROFILE_MESSAGES.loadError}</Text>
            <Button size="sm" variant="outline" colorPalette="teal" onClick={() => void refetch()}>
              {PROFILE_TEXTS.retry}
            </Button>
          </Stack>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <ReadOnlyField label={PROFILE_TEXTS.name} value={data?.user.nome} loading={isLoading} />
            <ReadOnlyField label={PROFILE_TEXTS.email} value={data?.user.email} loading={isLoading} />
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** 'Meu Perfil' (route configuracoes), open to every user type: who the user is, the password, the preferences. */
export default function ProfilePage() {
  const { data } = useVerifyQuery();
  return (
    <>
      <PageHeader title={PROFILE_TEXTS.title} />
      <Stack gap="6" maxW="3xl">
        <UserData />
        <PasswordForm email={data?.user.email} />
        <PreferencesCard />
      </Stack>
    </>
  );
}
