import { Button } from '@chakra-ui/react';
import { LuCopy, LuExternalLink } from 'react-icons/lu';
import { readSession } from '../../../api/session';
import { useAppSelector } from '../../../app/hooks';
import { notify } from '../../../components/toast/notify';
import { BENEFICIARY_MESSAGES as M, BENEFICIARY_TEXTS as T, salesLink } from '../../../domain/beneficiaries';
import { selectSessionUserId } from '../selectors';

/** Copies through the Clipboard API, or the older selection copy where that API is missing (plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: try the selection copy below.
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

/** A reseller's header buttons: copy its checkout link, or open the checkout in a new tab. */
export function SalesLinkButtons() {
  const userId = useAppSelector(selectSessionUserId) ?? readSession()?.userId;
  const link = salesLink(window.location.origin, userId ?? '');
  const copy = async () => {
    if (await copyText(link)) notify.success(M.linkCopied);
    else notify.error(M.linkCopyError + link);
  };
  return (
    <>
      <Button colorPalette="teal" onClick={() => void copy()}>
        <LuCopy aria-hidden /> {T.salesLinkButton}
      </Button>
      <Button asChild variant="outline" colorPalette="teal">
        <a href={link} target="_blank" rel="noopener noreferrer">
          <LuExternalLink aria-hidden /> {T.openSalesPageButton}
        </a>
      </Button>
    </>
  );
}
