import { Box, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useGetBeneficiaryAuditQuery } from '../../../api/auditApi';
import { AUDIT_TEXTS as T, auditActionLabel, USER_TYPE_LABELS, type BeneficiaryAuditEntry } from '../../../domain/audit';
import { formatDateTime } from '../../../domain/format';

/** The account type, and the staff member's name where the answer names them (administrators only). */
function actorOf(entry: BeneficiaryAuditEntry): string {
  const type = USER_TYPE_LABELS[entry.actorType] ?? entry.actorType;
  return entry.actorName ? `${entry.actorName} (${type})` : type;
}

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
        <Text fontSize="sm" color="fg.error">
          {T.beneficiaryHistoryError}
        </Text>
      ) : !data?.length ? (
        <Text fontSize="sm" color="fg.muted">
          {T.beneficiaryHistoryEmpty}
        </Text>
      ) : (
        <Stack as="ul" gap="1" fontSize="sm" listStyleType="none">
          {data.map((entry) => (
            <Box as="li" key={entry.id}>
              <Text as="span" color="fg.muted">
                {formatDateTime(entry.createdAt)}
              </Text>{' '}
              — {auditActionLabel(entry.action)} por {actorOf(entry)}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
