/** The Open API's endpoints. */
export const OPEN_API_PREFIX = '/v3/';
export const ASSETS_PATH = '/v3/assets';
