import { Link, Stack, Text } from '@chakra-ui/react';
import { CHECKOUT_TEXTS } from '../../../domain/checkout';
import { useCheckoutSettings } from '../hooks';

/**
 * Who to talk to, and the privacy policy, from the system parameters (nothing when unset). Reads the
 * settings itself, so their arrival re-renders this footer and not the whole form.
 */
export function SupportFooter() {
  const config = useCheckoutSettings();
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
