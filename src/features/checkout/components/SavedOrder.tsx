import { Alert, Text } from '@chakra-ui/react';
import { CHECKOUT_MESSAGES, CHECKOUT_TEXTS } from '../../../domain/checkout';
import type { CheckoutCalls } from '../checkoutStore';
import { OrderConfirmationView } from './OrderConfirmationView';
import { WithCalls } from './WithCalls';

/** A message in place of the form: a confirmation link that expired. */
function CheckoutNotice({ message }: { message: string }) {
  return (
    <Alert.Root status="warning" borderRadius="lg" maxW="2xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

const processing = <Text color="gray.600">{CHECKOUT_TEXTS.processing}</Text>;

/** The order's confirmation, asked for by its id: no card data, no redirect. */
function OrderOfId({ orderId, calls }: { orderId: string; calls: CheckoutCalls }) {
  const { currentData: order, isError } = calls.checkoutApi.useOrderConfirmationQuery(orderId);
  if (isError) return <CheckoutNotice message={CHECKOUT_MESSAGES.orderNotFound} />;
  if (!order) return processing;
  return <OrderConfirmationView order={order} redirecting={false} />;
}

/**
 * The confirmation opened again from its URL (`?pedido=`): its call waits for the checkout's calls,
 * which this page needs at once.
 */
export default function SavedOrder({ orderId }: { orderId: string }) {
  return (
    <WithCalls loading={processing} failed={<CheckoutNotice message={CHECKOUT_MESSAGES.unexpected} />}>
      {(calls) => <OrderOfId orderId={orderId} calls={calls} />}
    </WithCalls>
  );
}
