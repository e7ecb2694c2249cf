import { describe, expect, it } from 'vitest';
import { parseMongoUri, redact, withDatabase } from './mongo-uri.js';

describe('withDatabase', () => {
  it('replaces the database and keeps the options', () => {
    expect(withDatabase('mongodb://127.0.0.1:27017/tunafy?directConnection=true', 'tunafy_test_1')).toBe(
      'mongodb://127.0.0.1:27017/tunafy_test_1?directConnection=true',
    );
    expect(withDatabase('mongodb://localhost', 'x')).toBe('mongodb://localhost/x');
  });

  it('handles several hosts, which WHATWG URL cannot parse', () => {
    expect(withDatabase('mongodb://a:1,b:2/app?replicaSet=rs0', 't')).toBe('mongodb://a:1,b:2/t?replicaSet=rs0');
  });

  it('keeps authenticating against the original database', () => {
    expect(withDatabase('mongodb://u:p@h/app?tls=true', 't')).toBe('mongodb://u:p@h/t?tls=true&authSource=app');
    expect(withDatabase('mongodb+srv://u:p@cluster.example', 't')).toBe('mongodb+srv://u:p@cluster.example/t?authSource=admin');
    expect(withDatabase('mongodb://u:p@h/app?authSource=other', 't')).toBe('mongodb://u:p@h/t?authSource=other');
  });

  it('rejects what is not a connection string', () => {
    expect(() => parseMongoUri('postgres://h/db')).toThrow(/mongodb/);
  });
});

describe('redact', () => {
  it('hides the password', () => {
    expect(redact('mongodb://user:secret@h/db')).toBe('mongodb://user:***@h/db');
  });
});
