/**
 * The API's published contract (`@tunafy/contracts/openapi`): the route table, the answers' schemas and the
 * OpenAPI document made from them. A subpath of its own so the browsers' bundles never load it.
 */
export { API_ROUTES, type ApiRoute, type ApiRouteEntry, type RouteAnswers, type RouteJsonBodies, type Access, type BodyEncoding, type ErrorStatus, type HttpMethod, type RouteBody, type RouteResponse } from './routes.js';
export { createOpenApiDocument, operationId, OPENAPI_DOCUMENT_PATH } from './document.js';
export * from './schemas.js';
