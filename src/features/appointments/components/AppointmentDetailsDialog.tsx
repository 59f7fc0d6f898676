import { Button, Center, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuCopy, LuExternalLink } from 'react-icons/lu';
import { useGetAppointmentQuery, type Appointment } from '../../../api/appointmentsApi';
import { DetailList, DetailsDialog } from '../../../components/dialogs/DetailsDialog';
import { notify } from '../../../components/toast/notify';
import {
  APPOINTMENT_MESSAGES as MESSAGES,
  appointmentStatusLabel,
  appointmentTypeLabel,
  CARE_ACTIONS,
  hasVideoLink,
  PRESENTIAL_NO_LINK,
} from '../../../domain/care';
import { formatCpf, formatPhone } from '../../../domain/documents';
import { formatDate } from '../../../domain/format';

/** Copies text, with the old selection trick where the async clipboard is not available. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

function AttendanceLink({ url }: { url: string | null }) {
  if (!url) return <Text color="fg.muted">Não informado</Text>;
  const copy = async () => {
    try {
      await copyText(url);
      notify.success(MESSAGES.linkCopied);
    } catch {
      notify.error(MESSAGES.linkCopyError);
    }
  };
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg" wordBreak="break-all">
        {url}
      </Text>
      <HStack gap="2" wrap="wrap">
        <Button asChild size="sm" colorPalette="teal">
          <Link href={url} target="_blank" rel="noopener noreferrer">
            <LuExternalLink aria-hidden /> {CARE_ACTIONS.accessAttendance}
          </Link>
        </Button>
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          <LuCopy aria-hidden /> {CARE_ACTIONS.copyLink}
        </Button>
      </HStack>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack as="section" gap="3">
      <Heading as="h3" size="sm" color="fg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Details({ appointment }: { appointment: Appointment }) {
  const { beneficiary, professional, detail } = appointment;
  return (
    <Stack gap="6">
      <Section title="Beneficiário">
        <DetailList
          items={[
            { label: 'Nome', value: beneficiary.name, wide: true },
            { label: 'CPF', value: formatCpf(beneficiary.cpf) },
            { label: 'Data de Nascimento', value: formatDate(beneficiary.birth) },
            // The provider sends the string 'null' for a missing phone.
            { label: 'Telefone', value: beneficiary.phone === 'null' ? null : formatPhone(beneficiary.phone) },
            { label: 'Email', value: beneficiary.email },
          ]}
        />
      </Section>
      <Section title="Consulta">
        <DetailList
          items={[
            { label: 'Especialidade', value: appointment.specialty.name },
            { label: 'Status', value: appointmentStatusLabel(appointment.status) },
            { label: 'Tipo', value: appointmentTypeLabel(appointment.type) },
            { label: 'Data', value: detail.date },
            { label: 'Horário', value: detail.from && `${detail.from} - ${detail.to}` },
          ]}
        />
      </Section>
      <Section title="Profissional">
        <DetailList
          items={[
            { label: 'Nome', value: professional.name },
            { label: 'Especialidades', value: professional.specialties.map((specialty) => specialty.name).join(', ') },
          ]}
        />
      </Section>
      <Section title="Link de Atendimento">
        {hasVideoLink(appointment.type) ? (
          <AttendanceLink url={appointment.beneficiaryUrl} />
        ) : (
          <Text color="fg.muted">{PRESENTIAL_NO_LINK}</Text>
        )}
      </Section>
    </Stack>
  );
}

/** 'Detalhes da Consulta': the patient, the appointment, the professional and the attendance link. */
export function AppointmentDetailsDialog({ uuid, onClose }: { uuid: string | undefined; onClose: () => void }) {
  const { currentData: appointment, isError } = useGetAppointmentQuery(uuid ?? '', { skip: !uuid });
  return (
    <DetailsDialog open={Boolean(uuid)} title={MESSAGES.detailsTitle} onClose={onClose}>
      {appointment ? (
        <Details appointment={appointment} />
      ) : isError ? (
        <Text color="fg.error">Não foi possível carregar os detalhes da consulta.</Text>
      ) : (
        <Center py="10">
          <Spinner color="teal.fg" aria-label="Carregando" />
        </Center>
      )}
    </DetailsDialog>
  );
}
