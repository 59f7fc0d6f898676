import { Alert, Box, chakra, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { CHECKOUT_TEXTS, type OrderConfirmation } from '../../../domain/checkout';
import { formatBRL } from '../../../domain/format';
import { PLANS } from '../../../domain/plans';
import { useCheckoutSettings } from '../hooks';

/** 'cliente.exemplo.com.br': where the redirect goes, as a buyer reads it. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * What an approved payment leaves on screen in place of the form: the plan, the value, the order
 * number and the buyer's e-mail (never card data), and where the buyer is being sent. `redirecting`
 * is false when the page was opened again from the confirmation's URL.
 */
export function OrderConfirmationView({
  order,
  redirecting,
  title = CHECKOUT_TEXTS.successTitle,
}: {
  order: OrderConfirmation;
  redirecting: boolean;
  /** 'Pagamento aprovado' (card) or 'Pagamento confirmado!' (Pix). */
  title?: string;
}) {
  const customerSite = useCheckoutSettings()?.customerSiteUrl;
  const items = [
    { label: CHECKOUT_TEXTS.orderPlan, value: PLANS[order.plan].name },
    { label: CHECKOUT_TEXTS.orderValue, value: formatBRL(order.value) },
    ...(order.orderId ? [{ label: CHECKOUT_TEXTS.orderNumber, value: order.orderId }] : []),
    { label: CHECKOUT_TEXTS.orderEmail, value: order.email },
  ];
  return (
    <Box as="section" aria-labelledby="pagamento-aprovado" bg="white" borderWidth="1px" borderRadius="xl" p={{ base: 4, md: 6 }} maxW="2xl">
      <Stack gap="5">
        <Alert.Root status="success" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title asChild>
              <Heading as="h2" id="pagamento-aprovado" size="md">
                {title}
              </Heading>
            </Alert.Title>
            {redirecting && customerSite && <Alert.Description>{CHECKOUT_TEXTS.redirectingTo(hostOf(customerSite))}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
        {/* A plain description list: the checkout's theme carries only the recipes the page uses. */}
        <Grid as="dl" templateColumns={{ base: '1fr', sm: 'auto 1fr' }} columnGap="6" rowGap={{ base: 1, sm: 3 }}>
          {items.map((item) => (
            <Box key={item.label} display="contents">
              <chakra.dt color="gray.600">{item.label}</chakra.dt>
              <chakra.dd fontWeight="semibold" wordBreak="break-all" mb={{ base: 2, sm: 0 }}>
                {item.value}
              </chakra.dd>
            </Box>
          ))}
        </Grid>
        <Text fontSize="sm" color="gray.600">
          {CHECKOUT_TEXTS.orderEmailNote}
        </Text>
        {customerSite && (
          <Link href={customerSite} color="teal.700" fontWeight="semibold">
            {CHECKOUT_TEXTS.redirectNow}
          </Link>
        )}
      </Stack>
    </Box>
  );
}
