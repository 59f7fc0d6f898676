import { Center, Image } from '@chakra-ui/react';
import { LuImage } from 'react-icons/lu';
import type { PartnerView } from '../../../domain/channels';

/** A partner's logo thumbnail, or a neutral placeholder without one. */
export function PartnerLogo({ partner, size = '10' }: { partner: Pick<PartnerView, 'nome' | 'logotipo'>; size?: string }) {
  if (!partner.logotipo) {
    return (
      <Center boxSize={size} bg="bg.muted" color="fg.subtle" borderRadius="md" role="img" aria-label={`${partner.nome} sem logotipo`}>
        <LuImage aria-hidden />
      </Center>
    );
  }
  return (
    <Image
      src={partner.logotipo}
      alt={`Logotipo de ${partner.nome}`}
      boxSize={size}
      objectFit="contain"
      borderRadius="md"
      bg="bg.panel"
      loading="lazy"
    />
  );
}
