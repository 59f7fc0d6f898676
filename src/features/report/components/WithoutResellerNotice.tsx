import { Button, Flex, Text } from '@chakra-ui/react';
import { LuUserX } from 'react-icons/lu';
import { REPORT_TEXTS } from '../../../domain/report';

/** For administrators: how many sales were credited to no reseller, and a way to list them. */
export function WithoutResellerNotice({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <Flex align="center" gap="3" wrap="wrap" mb="4" px="4" py="2" bg="bg.panel" borderWidth="1px" borderRadius="md">
      <LuUserX aria-hidden />
      <Text flex="1" fontSize="sm">
        {REPORT_TEXTS.withoutResellerCount(count)}
      </Text>
      <Button size="sm" variant="outline" onClick={onShow}>
        {REPORT_TEXTS.showWithoutReseller}
      </Button>
    </Flex>
  );
}
