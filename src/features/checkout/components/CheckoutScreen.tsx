import { Alert, Box, Button, chakra, Flex, Grid, Heading, Image, Link, Stack, Text } from '@chakra-ui/react';
import { FormikProvider, useFormik, type FormikProps } from 'formik';
import type { KeyboardEvent } from 'react';
import { useCheckoutConfigQuery } from '../../../api/checkoutApi';
import { submitWithToasts } from '../../../components/forms/submitWithToasts';
import { CHECKOUT_TEXTS, CHECKOUT_TIMING, payButtonLabel } from '../../../domain/checkout';
import { DEFAULT_PLAN, isPlanId, PLANS } from '../../../domain/plans';
import { checkoutSchema, emptyCheckoutValues, type CheckoutValues } from '../../../domain/validation/checkout';
import { useCheckoutPayment } from '../useCheckoutPayment';
import { AddressSection } from './AddressSection';
import { CardSection } from './CardSection';
import { OrderSummary } from './OrderSummary';
import { PersonalSection } from './PersonalSection';
import { PlanSection } from './PlanSection';
import { SupportFooter } from './SupportFooter';

/** A padlock drawn inline (an icon library would cost the phone more than the whole icon). */
function LockIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/** After a refused submit, the first failing field (in page order) gets the focus, so a phone scrolls to it. */
async function submitCheckout(formik: FormikProps<CheckoutValues>) {
  await submitWithToasts(formik, { toastDuration: CHECKOUT_TIMING.toastMs });
  window.setTimeout(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(), 0);
}

/** Enter in a field never submits the checkout (spec section 2): only the button pays. */
function blockEnterInFields(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') event.preventDefault();
}

/*
 * The checkout's settings (company name, support, customer system) arrive after the first render: only
 * the small parts that show them read them (the logo, the approval, SupportFooter), so their arrival
 * re-renders those and not the whole form (one long task on a phone).
 */

/** The company's logo; width and height attributes (the logo is 180×36) reserve its box before it loads: no layout shift. */
function CheckoutLogo() {
  const { data: config } = useCheckoutConfigQuery();
  return <Image src="/logo-dark.svg" alt={config?.companyName || 'Portal Saúde'} h="8" htmlWidth="160" htmlHeight="32" />;
}

/** The approval, with a link to the customer system when there is one. */
function ApprovedAlert() {
  const { data: config } = useCheckoutConfigQuery();
  return (
    <Alert.Root status="success" borderRadius="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{CHECKOUT_TEXTS.successTitle}</Alert.Title>
        {config?.customerSiteUrl && (
          <Alert.Description>
            <Link href={config.customerSiteUrl}>{CHECKOUT_TEXTS.redirectNow}</Link>
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/** The public checkout page: plan, personal data, address and card, then one payment per click. */
export function CheckoutScreen({ rev }: { rev: string | null }) {
  const { busy, processing, approved, pay } = useCheckoutPayment(rev);
  const formik = useFormik<CheckoutValues>({
    initialValues: emptyCheckoutValues(),
    validationSchema: checkoutSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: pay,
  });
  const plan = PLANS[isPlanId(formik.values.selectedPlan) ? formik.values.selectedPlan : DEFAULT_PLAN];

  return (
    <Box minH="100vh" bg="gray.50">
      <Box as="header" bg="white" borderBottomWidth="1px">
        <Box maxW="5xl" mx="auto" px={{ base: 3, md: 6 }} py="3">
          <Flex align="center" justify="space-between" gap="3">
            <CheckoutLogo />
            <Flex align="center" gap="1" color="gray.600" fontSize="sm">
              <LockIcon />
              <Text>{CHECKOUT_TEXTS.subtitle}</Text>
            </Flex>
          </Flex>
        </Box>
      </Box>
      <Box as="main" maxW="5xl" mx="auto" py={{ base: 5, md: 8 }} px={{ base: 3, md: 6 }}>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} mb={{ base: 4, md: 6 }}>
          {CHECKOUT_TEXTS.title}
        </Heading>
        <FormikProvider value={formik}>
          <form
            noValidate
            aria-label={CHECKOUT_TEXTS.title}
            onKeyDown={blockEnterInFields}
            onSubmit={(event) => {
              event.preventDefault();
              if (!busy && !approved) void submitCheckout(formik);
            }}
          >
            <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 320px' }} gap="6" alignItems="start">
              <chakra.fieldset
                disabled={processing || approved}
                display="flex"
                flexDirection="column"
                gap="8"
                minW="0"
                bg="white"
                borderWidth="1px"
                borderRadius="xl"
                p={{ base: 4, md: 6 }}
              >
                <PlanSection />
                <PersonalSection />
                <AddressSection />
                <CardSection />
              </chakra.fieldset>
              <Stack gap="4" position={{ lg: 'sticky' }} top={{ lg: 6 }}>
                <OrderSummary plan={plan} />
                {approved && <ApprovedAlert />}
                <Button
                  type="submit"
                  colorPalette="teal"
                  size="lg"
                  w="full"
                  loading={busy}
                  loadingText={CHECKOUT_TEXTS.processing}
                  disabled={busy || approved}
                >
                  {payButtonLabel(plan.id)}
                </Button>
                <SupportFooter />
              </Stack>
            </Grid>
          </form>
        </FormikProvider>
      </Box>
    </Box>
  );
}
