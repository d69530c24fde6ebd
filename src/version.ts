/** Kept in step with package.json by test/version.test.ts. */
export const TOOL_NAME = 'graphform';
export const TOOL_VERSION = '0.1.0';
