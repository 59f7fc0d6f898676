import { createElement, lazy, type ComponentType } from 'react';

/** How to download again the screens whose download failed: each replaces its spent React.lazy. */
const failed = new Set<() => void>();

/**
 * A lazily downloaded screen that can be downloaded again. React.lazy keeps a failed download for
 * good: the screen would re-throw it on every later visit, the connection back or not, until the
 * page is reloaded. Once the failure has been shown (`forgetFailedLoads`, from the screens' error
 * boundary), the next visit asks for the code again. Not sooner: a lazy replaced while React still
 * renders the failure would download again at once, in a loop while offline.
 */
export function retryableLazy(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const attempt = () =>
    load().catch((error: unknown) => {
      failed.add(renew);
      throw error;
    });
  let Current = lazy(attempt);
  const renew = () => {
    Current = lazy(attempt);
  };
  return function RetryableLazy() {
    return createElement(Current);
  };
}

/** The screens whose download failed are downloaded again when next rendered. */
export function forgetFailedLoads(): void {
  for (const renew of failed) renew();
  failed.clear();
}
