export { createGraphClient, type GraphClientOptions } from './client.js';
export { GRAPH_ERROR_CODES, GraphServiceError, graphHttpCode, isGraphServiceError } from './errors.js';
export { basicAuthorization, bodyHash, hmacAuthorization, hmacSignature, hmacStringToSign, type HmacSigningInput } from './sign.js';
export { assertValidSourceId, isValidSourceId, SOURCE_ID_PATTERN } from './source-id.js';
export type { GraphAuth, GraphClient, PushResult, RemoteDefinition } from './types.js';
