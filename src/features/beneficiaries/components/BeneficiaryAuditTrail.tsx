import { Box, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useGetBeneficiaryAuditQuery } from '../../../api/auditApi';
import { AUDIT_TEXTS as T, auditActionLabel, USER_TYPE_LABELS } from '../../../domain/audit';
import { formatDateTime } from '../../../domain/format';

/** 'Acessos e alterações recentes': who saw or changed this beneficiary lately (the audit trail). */
export function BeneficiaryAuditTrail({ uuid }: { uuid: string }) {
  const { data, isLoading, isError } = useGetBeneficiaryAuditQuery(uuid, { refetchOnMountOrArgChange: true });
  return (
    <Box as="section" aria-label={T.beneficiaryHistoryTitle} mt="6" pt="4" borderTopWidth="1px">
      <Heading as="h3" size="sm" mb="2">
        {T.beneficiaryHistoryTitle}
      </Heading>
      {isLoading ? (
        <Skeleton height="12" />
      ) : isError ? (
        <Text fontSize="sm" color="red.600">
          {T.beneficiaryHistoryError}
        </Text>
      ) : !data?.length ? (
        <Text fontSize="sm" color="gray.600">
          {T.beneficiaryHistoryEmpty}
        </Text>
      ) : (
        <Stack as="ul" gap="1" fontSize="sm" listStyleType="none">
          {data.map((entry) => (
            <Box as="li" key={entry.id}>
              <Text as="span" color="gray.600">
                {formatDateTime(entry.createdAt)}
              </Text>{' '}
              — {auditActionLabel(entry.action)} por {entry.actorName || '—'} ({USER_TYPE_LABELS[entry.actorType] ?? entry.actorType})
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
