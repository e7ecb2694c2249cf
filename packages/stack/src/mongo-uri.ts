// Connection strings can list several hosts (`mongodb://a:1,b:2/db`), which
// WHATWG URL rejects, so they are split by hand.
const URI_PATTERN = /^(mongodb(?:\+srv)?:\/\/)([^/?#]+)(?:\/([^?#]*))?(\?[^#]*)?$/;

export interface ParsedMongoUri {
  prefix: string;
  hosts: string;
  database: string;
  query: string;
}

export function parseMongoUri(uri: string): ParsedMongoUri {
  const match = URI_PATTERN.exec(uri.trim());
  if (!match) throw new Error(`MONGODB_URI is not a mongodb:// or mongodb+srv:// connection string: ${redact(uri)}`);
  const [, prefix, hosts, database = '', query = ''] = match;
  return { prefix: prefix!, hosts: hosts!, database: decodeURIComponent(database), query };
}

/** Points a connection string at another database on the same server, keeping every option. */
export function withDatabase(uri: string, database: string): string {
  const parsed = parseMongoUri(uri);
  let query = parsed.query;
  // Without authSource the driver authenticates against the database in the
  // path (or admin when there is none), so changing the path would break
  // login for users that live in the original database.
  const hasCredentials = parsed.hosts.includes('@');
  if (hasCredentials && !/[?&]authSource=/i.test(query)) {
    const authSource = encodeURIComponent(parsed.database || 'admin');
    query = query ? `${query}&authSource=${authSource}` : `?authSource=${authSource}`;
  }
  return `${parsed.prefix}${parsed.hosts}/${encodeURIComponent(database)}${query}`;
}

/** Hides the password so connection strings can go into error messages and logs. */
export function redact(uri: string): string {
  return uri.replace(/^(mongodb(?:\+srv)?:\/\/[^:@/]*):[^@/]*@/, '$1:***@');
}
