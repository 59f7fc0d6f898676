import { Box, Button, chakra, Flex, Grid, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { FormikProvider, useFormik } from 'formik';
import { lazy, Suspense, useEffect, type KeyboardEvent } from 'react';
import { lazySchemaValidation } from '../../../components/forms/lazySchemaValidation';
import { useSubmitOnce } from '../../../components/forms/useSubmitOnce';
import { useWarnBeforeUnload } from '../../../components/forms/useWarnBeforeUnload';
import { CHECKOUT_TEXTS, CHECKOUT_TIMING } from '../../../domain/checkout';
import { PIX_TEXTS } from '../../../domain/pix';
import { DEFAULT_PLAN, isPlanId, PLANS } from '../../../domain/plans';
import type { CheckoutValues } from '../../../domain/validation/checkout';
import { emptyCheckoutValues } from '../../../domain/validation/checkoutValues';
import { loadCheckoutSchema, loadPixCheckoutSchema } from '../checkoutRules';
import { loadCheckoutCalls } from '../checkoutStore';
import { useCheckoutSelector, useCheckoutSettings, useCheckoutStore } from '../hooks';
import {
  selectApprovedOrder,
  selectButtonBusy,
  selectButtonDisabled,
  selectButtonText,
  selectFieldsLocked,
  selectAnswerPending,
  selectPaymentMethod,
  selectPixCharge,
  selectPixPhase,
} from '../selectors';
import { useCheckoutPayment } from '../useCheckoutPayment';
import { AddressSection } from './AddressSection';
import { CardSection } from './CardSection';
import { OrderSummary } from './OrderSummary';
import { PAY_BAR_CLEARANCE, PayActionBar, usePageClearOfPayButton } from './PayActionBar';
import { PaymentMethodSection } from './PaymentMethodSection';
import { PersonalSection } from './PersonalSection';
import { PlanSection } from './PlanSection';
import { SupportFooter } from './SupportFooter';

/** The Pix panel is its own chunk: card buyers never download it. */
const PixPanel = lazy(() => import(/* webpackChunkName: "pix-panel" */ './PixPanel'));
/** The confirmation too: it never shows on the first screen, and the form fetches it as soon as it is used. */
const loadConfirmation = () => import('./OrderConfirmationView');
const OrderConfirmationView = lazy(() => loadConfirmation().then((module) => ({ default: module.OrderConfirmationView })));
/** A confirmation opened again from its URL (`?pedido=`): it waits for the calls itself. */
const SavedOrder = lazy(() => import('./SavedOrder'));

/** A padlock drawn inline (an icon library would cost the phone more than the whole icon). */
function LockIcon() {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      style={{ flexShrink: 0 }}
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
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

/** The words the logo draws (and its text alternative). */
const LOGO_NAME = 'Portal Saúde';

/**
 * The logo and, once the settings arrive, the company's name ('nome_empresa') when the logo does not
 * already say it; width and height attributes reserve the logo's box before it loads: no layout shift.
 */
function CheckoutLogo() {
  const name = useCheckoutSettings()?.companyName?.trim();
  return (
    // Never narrower than the logo: squeezed, the image's cover fit cut the mark and the name on a phone.
    <Flex align="center" gap="3" minW="160px">
      <Image src="/logo-dark.svg" alt={LOGO_NAME} h="8" htmlWidth="160" htmlHeight="32" flexShrink={0} />
      {name && name !== LOGO_NAME && (
        <Text fontWeight="semibold" truncate>
          {name}
        </Text>
      )}
    </Flex>
  );
}

const validateCheckout = lazySchemaValidation<CheckoutValues>(loadCheckoutSchema);
const validatePixCheckout = lazySchemaValidation<CheckoutValues>(loadPixCheckoutSchema);

/** The payment form: plan, payment method, personal data, address and card, then one payment per click. */
function PaymentForm({ rev }: { rev: string | null }) {
  const { pay, confirmPix } = useCheckoutPayment(rev);
  const store = useCheckoutStore();
  const method = useCheckoutSelector(selectPaymentMethod);
  const formik = useFormik<CheckoutValues>({
    initialValues: emptyCheckoutValues(),
    // By Pix the card's fields are hidden and not required.
    validate: method === 'pix' ? validatePixCheckout : validateCheckout,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: pay,
  });
  // The click is locked at once, before validation and before any re-render (a double tap pays once).
  const { submit, submitting } = useSubmitOnce(formik, { toastDuration: CHECKOUT_TIMING.toastMs });
  const plan = PLANS[isPlanId(formik.values.selectedPlan) ? formik.values.selectedPlan : DEFAULT_PLAN];
  const buttonText = useCheckoutSelector((state) => selectButtonText(state, plan.id));
  const busy = useCheckoutSelector(selectButtonBusy) || submitting;
  const disabled = useCheckoutSelector(selectButtonDisabled) || submitting;
  const fieldsLocked = useCheckoutSelector(selectFieldsLocked);
  useWarnBeforeUnload(useCheckoutSelector(selectAnswerPending));
  const order = useCheckoutSelector(selectApprovedOrder);
  const pixCharge = useCheckoutSelector(selectPixCharge);
  const pixPhase = useCheckoutSelector(selectPixPhase);
  usePageClearOfPayButton();
  const sendForm = () => {
    if (disabled) return;
    void submit();
  };

  if (order) {
    return (
      <Suspense fallback={<Text color="gray.600">{CHECKOUT_TEXTS.processing}</Text>}>
        <OrderConfirmationView order={order} redirecting title={method === 'pix' ? PIX_TEXTS.paid : undefined} />
      </Suspense>
    );
  }
  const showPix = method === 'pix' && pixCharge !== null && pixPhase !== 'idle' && pixPhase !== 'creating' && pixPhase !== 'refused';
  return (
    <FormikProvider value={formik}>
      <chakra.form
        css={showPix ? undefined : PAY_BAR_CLEARANCE}
        noValidate
        aria-label={CHECKOUT_TEXTS.title}
        onKeyDown={blockEnterInFields}
        onFocus={() => {
          void loadCheckoutSchema();
          void loadConfirmation();
          void loadCheckoutCalls(store).catch(() => undefined);
        }}
        onSubmit={(event) => {
          event.preventDefault();
          sendForm();
        }}
      >
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 320px' }} gap="6" alignItems="start">
          <chakra.fieldset
            disabled={fieldsLocked}
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
            <PaymentMethodSection />
            <PersonalSection />
            <AddressSection />
            {method === 'card' && <CardSection />}
          </chakra.fieldset>
          <Stack gap="4" position={{ lg: 'sticky' }} top={{ lg: 6 }}>
            <OrderSummary plan={plan} method={method} />
            {showPix ? (
              <Suspense fallback={<Text color="gray.600">{PIX_TEXTS.generating}</Text>}>
                <PixPanel charge={pixCharge} phase={pixPhase} onPaid={confirmPix} onRenew={sendForm} renewing={busy} />
              </Suspense>
            ) : (
              <PayActionBar>
                <Button type="submit" colorPalette="teal" size="lg" w="full" loading={busy} loadingText={buttonText} disabled={disabled}>
                  {buttonText}
                </Button>
              </PayActionBar>
            )}
            <SupportFooter />
          </Stack>
        </Grid>
      </chakra.form>
    </FormikProvider>
  );
}

/**
 * A page served without its settings (the development server's, or when the server could not read
 * them) asks for them at once, with the calls; the server's page has them written in, and the calls
 * wait for the form's first use.
 */
function useSettingsAsked() {
  const store = useCheckoutStore();
  const missing = useCheckoutSelector((state) => state.checkout.settings === null);
  useEffect(() => {
    if (missing) void loadCheckoutCalls(store).catch(() => undefined);
  }, [missing, store]);
}

/** What the page holds: a saved order's confirmation, or the form. */
function CheckoutContent({ rev, orderId }: { rev: string | null; orderId: string | null }) {
  if (orderId) {
    return (
      <Suspense fallback={<Text color="gray.600">{CHECKOUT_TEXTS.processing}</Text>}>
        <SavedOrder orderId={orderId} />
      </Suspense>
    );
  }
  return <PaymentForm rev={rev} />;
}

/** The public checkout page (`/checkout?rev=`), or an order's confirmation (`/checkout?pedido=`). */
export function CheckoutScreen({ rev, orderId = null }: { rev: string | null; orderId?: string | null }) {
  const method = useCheckoutSelector(selectPaymentMethod);
  useSettingsAsked();
  return (
    <Box minH="100vh" bg="gray.50">
      <Box as="header" bg="white" borderBottomWidth="1px">
        <Box maxW="5xl" mx="auto" px={{ base: 3, md: 6 }} py="3">
          <Flex align="center" justify="space-between" gap="3">
            <CheckoutLogo />
            <Flex align="center" gap="1" color="gray.600" fontSize="sm" minW="0">
              <LockIcon />
              <Text>{method === 'pix' ? PIX_TEXTS.subtitle : CHECKOUT_TEXTS.subtitle}</Text>
            </Flex>
          </Flex>
        </Box>
      </Box>
      <Box as="main" maxW="5xl" mx="auto" py={{ base: 5, md: 8 }} px={{ base: 3, md: 6 }}>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} mb={{ base: 4, md: 6 }}>
          {CHECKOUT_TEXTS.title}
        </Heading>
        <CheckoutContent rev={rev} orderId={orderId} />
      </Box>
    </Box>
  );
}
