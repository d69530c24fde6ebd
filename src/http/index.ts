export { backoffDelay, parseRetryAfter, retryDelay, type BackoffSettings } from './backoff.js';
export { describeNetworkError, HTTP_ERROR_CODES, HttpTransportError, ResponseTooLargeError, type TransportFailure } from './errors.js';
export { describeHeaders, holdsSecret, MIN_SECRET_LENGTH, redact, REDACTED, redactUrl, secretMatcher } from './redact.js';
export { isSecretName } from './secret-names.js';
export { abortableSleep, sendWithRetry } from './send.js';
export { DEFAULT_HTTP_SETTINGS, type HttpOptions, type HttpRequest, type HttpResponse, type ResponseHeaders } from './types.js';
