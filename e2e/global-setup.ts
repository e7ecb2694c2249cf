import { startTestStack } from './support/stack.js';

/**
 * One stack for the whole run. Workers inherit process.env, which is how specs find it
 * (TUNAFY_E2E_BASE_URL for pages, TUNAFY_E2E_API_URL for specs that start their own gateway,
 * TUNAFY_E2E_MONGODB_URI for specs that start their own API process).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = await startTestStack((line) => console.error(`[e2e stack] ${line}`));
  process.env.TUNAFY_E2E_BASE_URL = stack.baseUrl;
  process.env.TUNAFY_E2E_API_URL = stack.apiUrl;
  process.env.TUNAFY_E2E_MONGODB_URI = stack.mongodbUri;
  return () => stack.stop();
}
