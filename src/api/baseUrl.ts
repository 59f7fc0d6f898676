/** Where the API answers. Absolute so that jsdom's fetch (tests) resolves it like the browser does. */
export const API_BASE_URL = `${globalThis.location?.origin ?? ''}/api`;
