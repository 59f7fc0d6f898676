import { Alert, Box, Button, chakra, Heading, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../components/toast/notify';
import { CHECKOUT_MESSAGES, CHECKOUT_TIMING } from '../../../domain/checkout';
import { formatTimeLeft, PIX_MESSAGES, PIX_POLL_MS, PIX_TEXTS, type PixCharge } from '../../../domain/pix';
import { pixExpired, type PixPhase } from '../checkoutSlice';
import type { CheckoutCalls } from '../checkoutStore';
import { useCheckoutDispatch } from '../hooks';
import { WithCalls } from './WithCalls';

const toast = { duration: CHECKOUT_TIMING.toastMs };

/** Milliseconds left until `expiresAt`, ticking every second. */
function useTimeLeft(expiresAt: string): number {
  const end = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, end - now);
}

interface PixPanelProps {
  charge: PixCharge;
  phase: PixPhase;
  /** The server saw the payment. */
  onPaid: () => void;
  /** 'Gerar novo código': a new charge for the same form. */
  onRenew: () => void;
  renewing: boolean;
}

/**
 * The open Pix charge: QR code (an image made by the server), the copy-and-paste code, the time left,
 * and the charge followed every few seconds until paid or expired.
 */
function OpenCharge({ charge, phase, onPaid, onRenew, renewing, calls }: PixPanelProps & { calls: CheckoutCalls }) {
  const dispatch = useCheckoutDispatch();
  const waiting = phase === 'waiting';
  const timeLeft = useTimeLeft(charge.expiresAt);
  const { data: status, refetch } = calls.checkoutApi.usePixChargeStatusQuery(charge.orderId, {
    pollingInterval: waiting ? PIX_POLL_MS : 0,
    skip: !waiting,
  });
  const [simulate, { isLoading: simulating }] = calls.checkoutApi.useSimulatePixPaymentMutation();
  const over = timeLeft === 0;
  // A new charge takes the focus, which brings it into view: on a phone it sits below the whole form.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), [charge.orderId]);

  useEffect(() => {
    if (!waiting || !status) return;
    if (status.status === 'paid') onPaid();
    else if (status.status === 'expired') dispatch(pixExpired());
  }, [status, waiting, onPaid, dispatch]);
  // At zero the server ends the window: ask it at once rather than at the next poll.
  useEffect(() => {
    if (waiting && over) void refetch();
  }, [waiting, over, refetch]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.payload);
      notify.success(PIX_TEXTS.copied, toast);
    } catch {
      notify.error(PIX_MESSAGES.copyFailed, toast);
    }
  };
  const pay = async () => {
    const answer = await simulate(charge.orderId)
      .unwrap()
      .catch(() => null);
    if (answer?.status === 'paid') onPaid();
  };

  if (phase === 'expired') {
    return (
      <Stack gap="3" bg="white" borderWidth="1px" borderRadius="xl" p="4" aria-live="polite">
        <Alert.Root status="warning" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{PIX_TEXTS.expired}</Alert.Title>
            <Alert.Description>{PIX_TEXTS.expiredHint}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button colorPalette="teal" onClick={onRenew} loading={renewing} loadingText={PIX_TEXTS.generating}>
          {PIX_TEXTS.renew}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack as="section" aria-labelledby="pix-titulo" gap="3" bg="white" borderWidth="1px" borderRadius="xl" p="4">
      <Heading as="h2" id="pix-titulo" size="md" ref={title} tabIndex={-1} outline="none">
        {PIX_TEXTS.panelTitle}
      </Heading>
      <Text fontSize="sm" color="gray.600">
        {PIX_TEXTS.instructions}
      </Text>
      <Box alignSelf="center">
        <Image src={charge.qrCodeImage} alt={PIX_TEXTS.qrCodeAlt} htmlWidth="220" htmlHeight="220" objectFit="contain" />
      </Box>
      <Box>
        <chakra.label htmlFor="pix-copia-e-cola" fontSize="sm" fontWeight="medium">
          {PIX_TEXTS.codeLabel}
        </chakra.label>
        <Input id="pix-copia-e-cola" value={charge.payload} readOnly fontFamily="mono" fontSize="xs" onFocus={(e) => e.target.select()} />
      </Box>
      <Button variant="outline" colorPalette="teal" onClick={() => void copy()}>
        {PIX_TEXTS.copy}
      </Button>
      <Text fontWeight="semibold" aria-live="off">
        {PIX_TEXTS.expiresIn(formatTimeLeft(timeLeft))}
      </Text>
      <Text fontSize="sm" color="gray.600" role="status">
        {PIX_TEXTS.waiting}
      </Text>
      {charge.simulation && (
        <Stack gap="1" borderTopWidth="1px" pt="3">
          <Button colorPalette="gray" variant="outline" onClick={() => void pay()} loading={simulating} disabled={!waiting}>
            {PIX_TEXTS.simulate}
          </Button>
          <Text fontSize="xs" color="gray.600">
            {PIX_TEXTS.simulateHint}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

/** The Pix panel, once the checkout's calls are there (a charge is made through them first). Loaded on demand: card buyers never download it. */
export default function PixPanel(props: PixPanelProps) {
  return (
    <WithCalls
      loading={<Text color="gray.600">{PIX_TEXTS.generating}</Text>}
      failed={<Text role="alert">{CHECKOUT_MESSAGES.unexpected}</Text>}
    >
      {(calls) => <OpenCharge {...props} calls={calls} />}
    </WithCalls>
  );
}
