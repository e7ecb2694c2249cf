export { ApiClient, ApiError, UNREACHABLE_MESSAGE, getApiClient, sessionEnded, type ErrorOrigin, type RequestOptions } from './api-client.js';
