/** Whether a value is a uuid (any version), so lookups never send arbitrary text to a uuid column. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * Whether a value can be one path segment of a provider's URL: letters, digits, '-' and '_' only
 * (uuids, CPFs, the provider's own ids). Dots, slashes and percent signs could climb out of the
 * resource ('..' becomes the API's root) or name another one.
 */
export const isProviderId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(value);
