/**
 * Checks Subsonic answers against the OpenSubsonic OpenAPI description (opensubsonic-openapi.json, bundled by
 * tools/opensubsonic/bundle-spec.ts; source commit in OPENSUBSONIC_VERSION). For tests only.
 *
 * Strictness: required fields, types, enums and formats are the spec's, never loosened. On top of the spec, a
 * property the spec does not declare is rejected by default (the spec allows any, so a misspelt optional field
 * would pass silently); `allowUndeclaredProperties` turns that off, e.g. for other servers' answers.
 * The envelope `subsonic-response` is also required (the spec's wrapper object leaves it optional).
 */
import { readFileSync } from 'node:fs';
import { Ajv2019, type ErrorObject, type ValidateFunction } from 'ajv/dist/2019.js';
import formatsModule from 'ajv-formats';

/** A JSON Schema node of the spec, `$ref`s already inlined. */
export type SchemaNode = { [keyword: string]: unknown };

interface Operation {
  operationId?: string;
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: SchemaNode }> }>;
}
interface OpenApiDocument {
  info: { version: string; 'x-source-commit'?: string };
  paths: Record<string, { get?: Operation; post?: Operation }>;
  components: Record<string, Record<string, unknown>>;
}

const spec = JSON.parse(
  readFileSync(new URL('./opensubsonic-openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;

/** The spec's commit the checks use. */
export const OPENSUBSONIC_SOURCE_COMMIT = spec.info['x-source-commit'] ?? 'unknown';

function resolvePointer(ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref} (the bundle should hold only local ones)`);
  let node: unknown = spec;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, unknown>)?.[key];
    if (node === undefined) throw new Error(`$ref ${ref} points nowhere in the bundled spec`);
  }
  return node;
}

/** A deep copy with every `$ref` replaced by its target (the spec has no cycles; OpenAPI 3.0 ignores `$ref` siblings). */
function inline(node: unknown, trail: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, trail));
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as SchemaNode).$ref;
  if (typeof ref === 'string') {
    if (trail.includes(ref)) throw new Error(`circular $ref ${[...trail, ref].join(' -> ')}`);
    return inline(resolvePointer(ref), [...trail, ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, trail)]));
}

function normaliseMethod(method: string): string {
  return method.replace(/^\/?(rest\/)?/, '').replace(/\.view$/, '');
}

function getOperation(method: string): Operation {
  // By path first: its last segment is the method clients call (addChatMessage's operationId is getAddChatMessage).
  const name = normaliseMethod(method);
  const byPath = spec.paths[`/rest/${name}`];
  const operation =
    byPath?.get ?? byPath?.post ?? Object.values(spec.paths).find((item) => item.get?.operationId === name)?.get;
  if (!operation) throw new Error(`OpenSubsonic has no method ${JSON.stringify(method)}`);
  return operation;
}

const FAILURE_ONLY: SchemaNode = {
  type: 'object',
  properties: { 'subsonic-response': { $ref: '#/components/schemas/SubsonicFailureResponse' } },
};

const responseSchemas = new Map<string, SchemaNode>();

/**
 * The JSON schema of a method's answer (its GET 200 `application/json`), `$ref`s inlined. Binary methods (stream,
 * download, getCoverArt...) answer JSON only for an error, so theirs is the failure envelope.
 */
export function subsonicResponseSchema(method: string): SchemaNode {
  const name = normaliseMethod(method);
  let schema = responseSchemas.get(name);
  if (!schema) {
    let response = getOperation(name).responses?.['200'];
    if (response?.$ref) response = resolvePointer(response.$ref) as typeof response;
    const declared = response?.content?.['application/json']?.schema ?? FAILURE_ONLY;
    schema = inline(declared) as SchemaNode;
    schema.required = [...new Set([...((schema.required as string[] | undefined) ?? []), 'subsonic-response'])];
    responseSchemas.set(name, schema);
  }
  return schema;
}

/** The subschemas that apply to a value of this schema (allOf/oneOf/anyOf flattened; oneOf/anyOf merged). */
export function schemaParts(schema: SchemaNode): SchemaNode[] {
  const parts = [schema];
  for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
    for (const sub of (schema[keyword] as SchemaNode[] | undefined) ?? []) parts.push(...schemaParts(sub));
  }
  return parts;
}

/** The declared properties of an object schema, over all its parts. */
const propertiesCache = new WeakMap<SchemaNode, Map<string, SchemaNode>>();

export function schemaProperties(schema: SchemaNode): Map<string, SchemaNode> {
  const cached = propertiesCache.get(schema);
  if (cached) return cached;
  const properties = new Map<string, SchemaNode>();
  for (const part of schemaParts(schema)) {
    for (const [key, value] of Object.entries((part.properties as Record<string, SchemaNode> | undefined) ?? {})) {
      if (!properties.has(key)) properties.set(key, value);
    }
  }
  propertiesCache.set(schema, properties);
  return properties;
}

/** The required property names of an object schema, over its allOf parts (oneOf/anyOf branches left out). */
export function schemaRequired(schema: SchemaNode): Set<string> {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const sub of (schema.allOf as SchemaNode[] | undefined) ?? []) for (const key of schemaRequired(sub)) required.add(key);
  return required;
}

/** The JSON type of a schema, looking through allOf/oneOf/anyOf; `object` when it only declares properties. */
export function schemaType(schema: SchemaNode): string | undefined {
  const parts = schemaParts(schema);
  const typed = parts.find((part) => typeof part.type === 'string');
  if (typed) return typed.type as string;
  return parts.some((part) => part.properties) ? 'object' : undefined;
}

/**
 * A copy that rejects undeclared properties: `unevaluatedProperties: false` where a value is described (the root,
 * each property, array items), not on allOf/oneOf members, whose siblings declare the rest of the object.
 */
function sealed(node: unknown, valuePosition = true): unknown {
  if (Array.isArray(node) || node === null || typeof node !== 'object') return node;
  const schema = node as SchemaNode;
  const copy: SchemaNode = { ...schema };
  if (schema.properties) {
    copy.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, unknown>).map(([key, value]) => [key, sealed(value)]),
    );
  }
  if (schema.items) copy.items = sealed(schema.items);
  for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
    if (schema[keyword]) copy[keyword] = (schema[keyword] as unknown[]).map((sub) => sealed(sub, false));
  }
  if (valuePosition && schemaType(schema) === 'object' && schema.additionalProperties === undefined) {
    copy.unevaluatedProperties = false;
  }
  return copy;
}

const ajv = new Ajv2019({ allErrors: true, verbose: true, strictTypes: false });
// The OpenAPI-only annotations; any other unknown keyword still fails the compile (ajv's strict mode).
ajv.addVocabulary(['example', 'externalDocs']);
// ajv-formats is CommonJS: Node's import gives module.exports, whose `default` is the plugin.
const formatsExports = formatsModule as unknown as { default?: unknown };
const addFormats = (formatsExports.default ?? formatsExports) as (instance: Ajv2019) => void;
addFormats(ajv); // date-time (RFC 3339: a time zone is required), float, binary...

const validators = new Map<string, { spec: ValidateFunction; sealed: ValidateFunction }>();

function validatorsFor(method: string): { spec: ValidateFunction; sealed: ValidateFunction } {
  const name = normaliseMethod(method);
  let pair = validators.get(name);
  if (!pair) {
    const schema = subsonicResponseSchema(name);
    pair = { spec: ajv.compile(schema), sealed: ajv.compile(sealed(schema) as SchemaNode) };
    validators.set(name, pair);
  }
  return pair;
}

function jsonPath(instancePath: string): string {
  let path = '$';
  for (const raw of instancePath.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(key) ? `[${key}]` : /^[A-Za-z_$][\w$-]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  }
  return path;
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'unevaluatedProperties') {
    return `${jsonPath(error.instancePath)}.${String(params.unevaluatedProperty)} is not in the spec`;
  }
  const shown = error.keyword === 'required' || error.keyword === 'oneOf' ? '' : ` (got ${preview(error.data)})`;
  return `${jsonPath(error.instancePath)} ${error.message ?? error.keyword}${shown}`;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The status each branch of the envelope's oneOf stands for (success `ok`, failure `failed`). */
function branchStatuses(schema: SchemaNode): (string[] | undefined)[] {
  const envelope = schemaProperties(schema).get('subsonic-response');
  return ((envelope?.oneOf as SchemaNode[] | undefined) ?? []).map(
    (branch) => schemaProperties(branch).get('status')?.enum as string[] | undefined,
  );
}

/** Keeps the errors of the envelope branch the answer's `status` chose: the other branch fails by design. */
function relevantErrors(method: string, body: unknown, errors: ErrorObject[]): ErrorObject[] {
  const status = (body as { 'subsonic-response'?: { status?: unknown } } | null)?.['subsonic-response']?.status;
  const statuses = branchStatuses(subsonicResponseSchema(method));
  const chosen = statuses.findIndex((values) => values?.includes(status as string));
  if (chosen < 0) return errors;
  const kept = errors.filter((error) => {
    const branch = /^#\/properties\/subsonic-response\/oneOf\/(\d+)\//.exec(error.schemaPath);
    if (branch) return Number(branch[1]) === chosen;
    return !(error.keyword === 'oneOf' && error.instancePath === '/subsonic-response');
  });
  return kept.length > 0 ? kept : errors;
}

/**
 * An undeclared property deep inside fails its oneOf branch, which then leaves every sibling of the envelope
 * "unevaluated" too: report only the deepest objects.
 */
function deepestOnly(errors: ErrorObject[]): ErrorObject[] {
  return errors.filter(
    (error) => !errors.some((other) => other.instancePath.startsWith(`${error.instancePath}/`)),
  );
}

export interface CheckOptions {
  /** Accept properties the spec does not declare (they are rejected by default). */
  allowUndeclaredProperties?: boolean;
}

/**
 * Throws unless `body` (a parsed JSON answer, `{"subsonic-response": {...}}`) is a valid answer of `method`
 * (`getAlbum`, `getAlbum.view` or `/rest/getAlbum`), success or failure alike.
 */
export function checkSubsonicResponse(method: string, body: unknown, options: CheckOptions = {}): void {
  const { spec: validate, sealed: validateSealed } = validatorsFor(method);
  let errors: ErrorObject[] = [];
  if (!validate(body)) errors = relevantErrors(method, body, validate.errors ?? []);
  else if (!options.allowUndeclaredProperties && !validateSealed(body)) {
    errors = deepestOnly((validateSealed.errors ?? []).filter((error) => error.keyword === 'unevaluatedProperties'));
  }
  if (errors.length === 0) return;
  const lines = [...new Set(errors.map(describe))];
  throw new Error(
    `${normaliseMethod(method)}: the answer does not match OpenSubsonic (${OPENSUBSONIC_SOURCE_COMMIT.slice(0, 7)}):\n` +
      lines.map((line) => `  ${line}`).join('\n'),
  );
}

/** Throws unless `body` is a valid failed answer of `method` with the error code `code`. */
export function checkSubsonicError(method: string, body: unknown, code: number, options: CheckOptions = {}): void {
  checkSubsonicResponse(method, body, options);
  type Answer = { status: string; error?: { code: number; message?: string } };
  const answer = (body as { 'subsonic-response': Answer })['subsonic-response'];
  if (answer.status === 'failed' && answer.error?.code === code) return;
  const got =
    answer.status === 'failed' ? `error ${answer.error?.code} (${answer.error?.message ?? ''})` : `status ${answer.status}`;
  throw new Error(`${normaliseMethod(method)}: expected error ${code}, got ${got}`);
}
