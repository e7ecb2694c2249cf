export { ApiClient, ApiError, getApiClient, type RequestOptions } from './api-client.js';
