export { graphUrlProblem, invalidGraphUrl } from './base-url.js';
export { createGraphClient, type GraphClientOptions } from './client.js';
export { GRAPH_ERROR_CODES, GraphServiceError, graphHttpCode, isGraphServiceError, isSourcesUnsupported } from './errors.js';
export { readSourceList, type SourceListRead } from './read-sources.js';
export { basicAuthorization, bodyHash, hmacAuthorization, hmacSignature, hmacStringToSign, type HmacSigningInput } from './sign.js';
export { assertReadableSourceId, assertValidSourceId, CMS_SOURCE_ID, isValidSourceId, SOURCE_ID_PATTERN } from './source-id.js';
export type { GraphAuth, GraphClient, PushResult, RemoteDefinition, SourceDeleteMode, SourceInfo, SourceLabels } from './types.js';
