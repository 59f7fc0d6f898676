/** What replaces a secret in a logged URL. */
export const REDACTED = '[redacted]';

/** Query parameters whose value is a credential: signed links' `signature`, any `token`, keys, passwords. */
const SECRET_PARAMETER = /signature|token|secret|password|senha|key/i;

// Both expressions are linear: a parameter name cannot contain `?`, `&` or `=`, so each scan stops
// at the next separator; a word is a maximal run of one character class.
const QUERY_PARAMETER = /([?&])([^=&#?\s"]*)=([^&#\s"]*)/g;
const WORD = /[\w.-]+/g;

/** A JSON Web Token: three base64url parts, the first a JSON object (`eyJ` = `{"`). */
const isJwt = (word: string) => word.startsWith('eyJ') && word.split('.').length === 3;

/**
 * A text (a URL, a log message) with the values of credential-like query parameters and any JSON
 * Web Token replaced by `[redacted]`: signed file links and tokens must not outlive a request in logs.
 */
export function redactUrl(text: string): string {
  return text
    .replace(QUERY_PARAMETER, (whole, separator: string, name: string) => {
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape: judge the name as it came.
      }
      return SECRET_PARAMETER.test(decoded) ? `${separator}${name}=${REDACTED}` : whole;
    })
    .replace(WORD, (word) => (isJwt(word) ? REDACTED : word));
}
