/**
 * Turns a Subsonic XML answer (`f=xml`, the default) into the JSON answer it stands for, so one set of assertions
 * and checkSubsonicResponse cover both formats. For tests only.
 *
 * The OpenSubsonic schema of the method decides the JSON shape: attributes are the scalar fields (typed by the
 * schema: integer, number, boolean, else string), child elements are objects, or arrays when the schema says
 * array (arrays of scalars too: `<versions>1</versions>`), and a `value` property is the element's text (or its
 * `value` attribute, as cueLine has).
 *
 * Limits, by the nature of XML:
 * - An empty list has no element: a required array property comes out as `[]`, an optional one is left out
 *   (so a JSON answer should leave out an optional empty list too, or the two answers differ).
 * - A value that does not parse as its schema type stays a string, and an element or attribute the schema does
 *   not declare is kept (attributes as strings, elements as objects, repeated ones as arrays), so
 *   checkSubsonicResponse reports them instead of the conversion hiding them.
 * - Text is taken as is (no trimming), and only where the schema expects text: a `value` property or a scalar
 *   child element (ArtistInfo2's `<biography>`).
 */
import { XMLParser } from 'fast-xml-parser';
import {
  schemaProperties,
  schemaRequired,
  schemaType,
  subsonicResponseSchema,
  type SchemaNode,
} from './opensubsonic-schema.js';

const ATTRIBUTES = ':@';
const TEXT = '#text';

/** What the parser gives for one element: its attributes, its text, and its child elements by name (always lists). */
type XmlElement = { [ATTRIBUTES]?: Record<string, string>; [TEXT]?: string } & { [child: string]: unknown };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: ATTRIBUTES, // apart from child elements: Child has an `artist` attribute, Contributor an element
  textNodeName: TEXT,
  alwaysCreateTextNode: true,
  parseTagValue: false,
  parseAttributeValue: false, // the schema types them, not the parser's guess (an id "0012" stays a string)
  trimValues: false, // a lyrics cue may be a single space
  ignoreDeclaration: true,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
});

function asElement(node: unknown): XmlElement {
  return typeof node === 'string' ? { [TEXT]: node } : (node as XmlElement);
}

function scalar(raw: string, schema: SchemaNode | undefined): unknown {
  switch (schema && schemaType(schema)) {
    case 'integer':
      return /^-?\d+$/.test(raw) ? Number(raw) : raw;
    case 'number':
      return /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    default:
      return raw;
  }
}

function isScalarType(type: string | undefined): boolean {
  return type === 'string' || type === 'integer' || type === 'number' || type === 'boolean';
}

function childNames(element: XmlElement): string[] {
  return Object.keys(element).filter((key) => key !== ATTRIBUTES && key !== TEXT);
}

/** One element as a value of `schema` (an object unless the schema says scalar). */
function elementValue(node: unknown, schema: SchemaNode | undefined): unknown {
  const element = asElement(node);
  const type = schema && schemaType(schema);
  if (isScalarType(type)) return scalar(element[TEXT] ?? '', schema);
  if (!schema && !element[ATTRIBUTES] && childNames(element).length === 0) return element[TEXT] ?? '';
  return objectValue(element, schema);
}

function objectValue(element: XmlElement, schema: SchemaNode | undefined): Record<string, unknown> {
  const properties = schema ? schemaProperties(schema) : new Map<string, SchemaNode>();
  const result: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(element[ATTRIBUTES] ?? {})) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    result[name] = scalar(raw, properties.get(name));
  }
  for (const name of childNames(element)) {
    const nodes = element[name] as unknown[];
    const property = properties.get(name);
    if (property && schemaType(property) === 'array') {
      result[name] = nodes.map((node) => elementValue(node, property.items as SchemaNode | undefined));
    } else {
      const values = nodes.map((node) => elementValue(node, property));
      result[name] = values.length === 1 ? values[0] : values;
    }
  }
  if (properties.has('value') && result.value === undefined && element[TEXT] !== undefined) {
    result.value = scalar(element[TEXT], properties.get('value'));
  }
  if (schema) {
    for (const name of schemaRequired(schema)) {
      if (result[name] === undefined && schemaType(properties.get(name) ?? {}) === 'array') result[name] = [];
    }
  }
  return result;
}

/**
 * The JSON answer (`{"subsonic-response": {...}}`) that the XML answer `xml` of `method` stands for, shaped by the
 * method's OpenSubsonic schema. Throws when the text is not XML or has no `subsonic-response` root.
 */
export function xmlToSubsonicJson(method: string, xml: string): { 'subsonic-response': Record<string, unknown> } {
  const document = parser.parse(xml, true) as Record<string, unknown[] | undefined>;
  const roots = document['subsonic-response'];
  if (!roots || roots.length !== 1) throw new Error(`${method}: the XML answer has no single <subsonic-response> root`);
  const envelope = schemaProperties(subsonicResponseSchema(method)).get('subsonic-response');
  return { 'subsonic-response': objectValue(asElement(roots[0]), envelope) };
}
