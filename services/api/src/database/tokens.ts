export const DB_CONNECTION = Symbol('DB_CONNECTION');
