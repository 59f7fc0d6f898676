import { Box, Center, Image, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuExternalLink } from 'react-icons/lu';
import { useGetProfessionalQuery, type Professional } from '../../../api/professionalsApi';
import { DetailList, DetailsDialog, type DetailItem } from '../../../components/dialogs/DetailsDialog';
import { PROFESSIONAL_FILES, PROFESSIONAL_LABELS as LABELS, PROFESSIONAL_MESSAGES as MESSAGES } from '../../../domain/care';
import { formatCep, formatCpf, formatPhone } from '../../../domain/documents';
import { formatDate } from '../../../domain/format';

function FileLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="teal.fg" textDecoration="underline">
      Abrir {label} <LuExternalLink aria-hidden />
    </Link>
  );
}

function itemsOf(professional: Professional): DetailItem[] {
  const files: DetailItem[] = PROFESSIONAL_FILES.map(({ field, label }) => ({
    label,
    value: professional[field] ? <FileLink href={professional[field]!} label={label} /> : null,
    fallback: field === 'comprovante_especialidade' ? MESSAGES.notAvailable : undefined,
  }));
  return [
    { label: LABELS.nome_completo, value: professional.nome_completo, wide: true },
    { label: LABELS.cpf, value: formatCpf(professional.cpf) },
    { label: LABELS.data_nascimento, value: formatDate(professional.data_nascimento) },
    { label: LABELS.sexo, value: professional.sexo },
    { label: LABELS.crm, value: professional.crm },
    { label: LABELS.crm_estado, value: professional.crm_estado },
    { label: LABELS.rqe, value: professional.rqe, fallback: MESSAGES.notAvailable },
    { label: LABELS.outras_certificacoes, value: professional.outras_certificacoes },
    { label: LABELS.especialidades, value: professional.especialidades.map((specialty) => specialty.name).join(', '), wide: true },
    { label: LABELS.email, value: professional.email },
    { label: LABELS.telefone_celular, value: professional.telefone_celular && formatPhone(professional.telefone_celular) },
    { label: LABELS.telefone_comercial, value: professional.telefone_comercial && formatPhone(professional.telefone_comercial) },
    { label: LABELS.rua, value: professional.rua },
    { label: LABELS.numero_complemento, value: professional.numero_complemento },
    { label: LABELS.bairro, value: professional.bairro },
    { label: LABELS.cidade, value: professional.cidade },
    { label: LABELS.estado, value: professional.estado },
    { label: LABELS.cep, value: professional.cep && formatCep(professional.cep) },
    { label: LABELS.banco, value: professional.banco },
    { label: LABELS.agencia, value: professional.agencia },
    { label: LABELS.conta_corrente, value: professional.conta_corrente },
    { label: LABELS.tipo_conta, value: professional.tipo_conta },
    { label: LABELS.pix, value: professional.pix },
    { label: LABELS.horarios_atendimento, value: professional.horarios_atendimento, wide: true },
    { label: LABELS.modalidade_atendimento, value: professional.modalidade_atendimento },
    { label: LABELS.idiomas_falados, value: professional.idiomas_falados },
    {
      label: LABELS.tempo_medio_consulta,
      value: professional.tempo_medio_consulta ? `${professional.tempo_medio_consulta} minutos` : null,
    },
    ...files,
  ];
}

/**
 * 'Detalhes do Profissional': every field, and links to the four documents. The record is read
 * again on opening, so the documents' signed links are fresh.
 */
export function ProfessionalDetailsDialog({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { currentData: professional, isError } = useGetProfessionalQuery(id ?? 0, {
    skip: id === undefined,
    refetchOnMountOrArgChange: true,
  });
  return (
    <DetailsDialog open={id !== undefined} title={MESSAGES.detailsTitle} onClose={onClose}>
      {professional ? (
        <Stack gap="5">
          {professional.foto_medico && (
            <Box boxSize="24" borderRadius="full" overflow="hidden" borderWidth="1px" bg="bg.subtle">
              <Image src={professional.foto_medico} alt={`Foto de ${professional.nome_completo}`} boxSize="full" objectFit="cover" />
            </Box>
          )}
          <DetailList items={itemsOf(professional)} />
        </Stack>
      ) : isError ? (
        <Text color="fg.error">Não foi possível carregar os detalhes do profissional.</Text>
      ) : (
        <Center py="10">
          <Spinner color="teal.fg" aria-label="Carregando" />
        </Center>
      )}
    </DetailsDialog>
  );
}
