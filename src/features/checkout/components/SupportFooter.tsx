import { Link, Stack, Text } from '@chakra-ui/react';
import { useCheckoutConfigQuery } from '../../../api/checkoutApi';
import { CHECKOUT_TEXTS } from '../../../domain/checkout';

/**
 * Who to talk to, and the privacy policy, from the system parameters (nothing when unset). Reads the
 * settings itself, so their arrival re-renders this footer and not the whole form.
 */
export function SupportFooter() {
  const { data: config } = useCheckoutConfigQuery();
  if (!config?.supportEmail && !config?.supportPhone && !config?.privacyPolicyUrl) return null;
  return (
    <Stack gap="1" fontSize="sm" color="gray.600" textAlign="center">
      {(config.supportEmail || config.supportPhone) && (
        <Text>
          {CHECKOUT_TEXTS.support}: {config.supportEmail && <Link href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Link>}
          {config.supportEmail && config.supportPhone && ' · '}
          {config.supportPhone && <Link href={`tel:${config.supportPhone.replace(/[^\d+]/g, '')}`}>{config.supportPhone}</Link>}
        </Text>
      )}
      {config.privacyPolicyUrl && (
        <Link href={config.privacyPolicyUrl} target="_blank" rel="noopener noreferrer" mx="auto">
          {CHECKOUT_TEXTS.privacyPolicy}
        </Link>
      )}
    </Stack>
  );
}
